extension RunFormat {
    /// What a missing or meaningless pace shows.
    package static let pacePlaceholder = "-'--\"/km"

    /// The slowest pace shown, 59'59"/km; anything slower is standing still in practice.
    static let slowestPaceSeconds = 3599

    /// Whole seconds per kilometre shown for a pace (rounded), or nil when it shows the
    /// placeholder: missing, not finite, not positive, or slower than 59'59"/km.
    static func paceSeconds(_ secondsPerKilometre: Double?) -> Int? {
        // What rounds to 1 ... slowestPaceSeconds.
        guard let secondsPerKilometre, secondsPerKilometre >= 0.5, secondsPerKilometre < Double(slowestPaceSeconds) + 0.5
        else { return nil }
        return nearestWhole(secondsPerKilometre)
    }

    /// `5'32"/km`, or `-'--"/km` when there is no meaningful pace.
    package static func pace(secondsPerKilometre: Double?) -> String {
        pace(wholeSeconds: paceSeconds(secondsPerKilometre))
    }

    static func pace(wholeSeconds: Int?) -> String {
        guard let wholeSeconds else { return pacePlaceholder }
        return String(asciiCapacity: 15) { text in
            text.append(wholeSeconds / 60)
            text.append(UInt8(ascii: "'"))
            text.append(wholeSeconds % 60, minimumDigits: 2)
            text.append("\"/km")
        }
    }
}
