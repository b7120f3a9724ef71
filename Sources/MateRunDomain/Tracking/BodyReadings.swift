/// Heart rate and cadence as the run goes: the latest reading for the screen, and the moving
/// averages and the maximum for the summary.
///
/// A reading older than `staleAfter` seconds is not shown as current (a strap that slipped off
/// says nothing, not its last figure). Readings taken during a pause do not enter the averages.
struct BodyReadings {
    private struct Figure {
        var latest: Double?
        var latestTime = -Double.infinity
        var sum = 0.0
        var count = 0
        var maximum: Double?

        mutating func record(_ value: Double?, at time: Double, counting: Bool) {
            guard let value, value.isFinite, value > 0 else { return }
            latest = value
            latestTime = time
            guard counting else { return }
            sum += value
            count += 1
            maximum = max(maximum ?? value, value)
        }

        func current(at time: Double, staleAfter: Double) -> Double? {
            time - latestTime <= staleAfter ? latest : nil
        }

        var average: Double? { count > 0 ? sum / Double(count) : nil }
    }

    private var heartRate = Figure()
    private var cadence = Figure()
    private let staleAfter: Double

    init(staleAfter: Double = 5) {
        self.staleAfter = staleAfter
    }

    mutating func record(_ motion: MotionSample, counting: Bool) {
        heartRate.record(motion.heartRate, at: motion.time, counting: counting)
        cadence.record(motion.activity == .still ? nil : motion.cadence, at: motion.time, counting: counting)
    }

    func heartRate(at time: Double) -> Double? { heartRate.current(at: time, staleAfter: staleAfter) }
    func cadence(at time: Double) -> Double? { cadence.current(at: time, staleAfter: staleAfter) }
    var averageHeartRate: Double? { heartRate.average }
    var maximumHeartRate: Double? { heartRate.maximum }
    var averageCadence: Double? { cadence.average }
}
