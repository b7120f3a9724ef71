extension RunFormat {
    /// The largest time shown, 999999:59:59, so that absurd input cannot overflow.
    static let maximumWholeSeconds = 999_999 * 3600 + 3599

    /// Whole seconds shown for a duration: truncated, zero for negative or non-finite input.
    static func wholeSeconds(_ seconds: Double) -> Int {
        truncatedCount(seconds, limit: maximumWholeSeconds)
    }

    /// `hh:mm:ss`, always with hours (`00:05:12`, `01:02:03`, `100:00:00`).
    package static func clockTime(seconds: Double) -> String {
        clockTime(wholeSeconds: wholeSeconds(seconds))
    }

    /// A split's time, `00:05:12`, rounded to the nearest second as its pace is, so that a
    /// kilometre's time and pace always read the same minutes and seconds.
    package static func splitTime(seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return clockTime(wholeSeconds: 0) }
        return clockTime(wholeSeconds: wholeSeconds(seconds.rounded()))
    }

    static func clockTime(wholeSeconds: Int) -> String {
        let total = min(max(0, wholeSeconds), maximumWholeSeconds)
        return String(asciiCapacity: 15) { text in
            text.append(total / 3600, minimumDigits: 2)
            text.append(UInt8(ascii: ":"))
            text.append(total / 60 % 60, minimumDigits: 2)
            text.append(UInt8(ascii: ":"))
            text.append(total % 60, minimumDigits: 2)
        }
    }
}
