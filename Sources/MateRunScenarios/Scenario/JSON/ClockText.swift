/// Reads the clock-style times people write in scenario files: `"5:30"`, `"45:00"`, `"1:02:03"`.
enum ClockText {
    /// Seconds for `m:ss` (or `h:mm:ss` when `allowHours`), or nil when the text has another shape.
    /// The seconds field has two digits below 60 and may carry a fraction (`"4:05.5"`).
    static func seconds(_ text: String, allowHours: Bool) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (allowHours && parts.count == 3) else { return nil }
        guard let secondsPart = parts.last, secondsPart.prefix(2).count == 2,
              secondsPart.prefix(2).allSatisfy(\.isASCIIDigit),
              let seconds = Double(secondsPart), seconds < 60 else { return nil }
        var total = seconds
        var scale = 60.0
        for (index, part) in parts.dropLast().reversed().enumerated() {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit), let value = Double(part) else { return nil }
            let isInnerField = index == 0 && parts.count == 3
            if isInnerField, part.count != 2 || value >= 60 { return nil }
            total += value * scale
            scale *= 60
        }
        return total
    }

    /// `330` → `"5:30"`, for messages and listings.
    static func text(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 1e15).rounded()) : 0
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        let mmss = "\(minutes < 10 && hours > 0 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
        return hours > 0 ? "\(hours):\(mmss)" : mmss
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
