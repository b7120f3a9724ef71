/// Tells the runner when no fix has come for a while, and why that may be: a run that waits in
/// silence, showing 0.0 km, leaves the runner to guess whether gpsd has a receiver at all.
///
/// The first word comes after `firstAfter` seconds without a fix (since the last one, or since
/// the run started), then one every `repeatEvery`, never more; nothing while gpsd itself is away
/// (its loss is told as it happens).
struct FixWait {
    static let firstAfter = 10.0
    static let repeatEvery = 30.0

    /// The receivers gpsd lists; nil until it has said.
    var receivers: [String]?
    /// gpsd has reported without a fix since the last fix.
    var reportedWithoutFix = false
    var connected = true
    /// How many times the runner was told of this wait.
    private var told = 0

    /// A fix came: the wait, if any, is over.
    mutating func fixCame() {
        reportedWithoutFix = false
        told = 0
    }

    /// What to tell the runner after `seconds` without a fix, when it is time to.
    mutating func notice(silentFor seconds: Double) -> String? {
        guard connected, seconds >= Self.firstAfter + Double(told) * Self.repeatEvery else { return nil }
        told += 1
        return "no fix from gpsd for \(Int(seconds)) s: " + reason
    }

    /// Why no fix may come, as precisely as gpsd has said.
    private var reason: String {
        let sky = "does it see the sky? (a first fix can take minutes)"
        guard let receivers else {
            return reportedWithoutFix ? "the receiver reports no fix yet: " + sky : "is a receiver attached to gpsd, and " + sky
        }
        if receivers.isEmpty {
            return "gpsd has no receiver (its DEVICES lists none): plug one in, or start gpsd with it (gpsd -N -n /dev/ttyACM0)"
        }
        let named = receivers.joined(separator: ", ")
        return reportedWithoutFix ? "\(named) reports no fix yet: " + sky
            : "\(named) sends nothing gpsd reads as a position: is it on, at the right speed, and " + sky
    }
}
