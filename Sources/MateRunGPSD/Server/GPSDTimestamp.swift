import MateRunDomain

/// UTC times as gpsd writes them, `2026-11-28T21:47:45.280Z` (milliseconds), the shape
/// `GPSDTime` reads back.
enum GPSDTimestamp {
    static func text(_ unixSeconds: Double) -> String {
        let milliseconds = Int64((unixSeconds * 1000).rounded())
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let ofDay = Int(seconds - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))T"
            + "\(padded(ofDay / 3600, 2)):\(padded(ofDay / 60 % 60, 2)):\(padded(ofDay % 60, 2)).\(padded(Int(milliseconds - seconds * 1000), 3))Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
