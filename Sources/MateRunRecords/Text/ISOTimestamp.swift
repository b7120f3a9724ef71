import MateRunDomain

/// ISO 8601 times for the store and the exports, from Unix seconds, without a platform calendar.
package enum ISOTimestamp {
    /// `2026-11-23T07:05:03+01:00` (the runner's local time with its offset), or with
    /// `fractionDigits` a fraction of the second (`…:03.250Z` style for UTC when the offset is 0
    /// and `zulu` is set).
    /// Times beyond about ±300,000 years are clamped to that, so that no input can overflow.
    package static func text(unixSeconds: Double, utcOffsetSeconds: Int = 0, fractionDigits: Int = 0, zulu: Bool = false) -> String {
        let local = unixSeconds.isFinite ? max(-1e13, min(1e13, unixSeconds + Double(utcOffsetSeconds))) : 0
        let wholeSeconds = local.rounded(.down)
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        var fraction = Int(((local - wholeSeconds) * scale).rounded())
        var seconds = Int(wholeSeconds)
        if Double(fraction) >= scale {
            fraction = 0
            seconds += 1
        }
        let dayIndex = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let date = CivilDate(daysSinceEpoch: dayIndex)
        let secondOfDay = seconds - dayIndex * 86_400
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
        text += "T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fractionDigits > 0 { text += "." + pad(fraction, fractionDigits) }
        if zulu && utcOffsetSeconds == 0 { return text + "Z" }
        let offset = abs(utcOffsetSeconds) / 60
        return text + (utcOffsetSeconds < 0 ? "-" : "+") + "\(pad(offset / 60, 2)):\(pad(offset % 60, 2))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
