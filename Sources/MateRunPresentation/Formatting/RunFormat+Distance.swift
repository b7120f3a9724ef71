extension RunFormat {
    /// Hundredths of a kilometre (10 m steps) shown for a distance, truncated.
    static func hundredthsOfKilometre(_ metres: Double) -> Int {
        truncatedCount(metres, unit: 10)
    }

    /// Whole metres shown for a distance, truncated.
    static func wholeMetres(_ metres: Double) -> Int {
        truncatedCount(metres)
    }

    /// `5.23 km`: kilometres truncated to two decimals, so that 4999.6 m reads `4.99 km`.
    package static func kilometres(metres: Double) -> String {
        kilometres(hundredths: hundredthsOfKilometre(metres), unit: true)
    }

    /// `5.23`: the same number as `kilometres(metres:)` without the unit, for tables and
    /// `3.21 / 5.00 km` labels.
    package static func kilometreNumber(metres: Double) -> String {
        kilometres(hundredths: hundredthsOfKilometre(metres), unit: false)
    }

    static func kilometres(hundredths: Int, unit: Bool) -> String {
        String(asciiCapacity: ASCIIWriter.digitCount(hundredths) + 7) { text in
            text.append(hundredths / 100)
            text.append(UInt8(ascii: "."))
            text.append(hundredths % 100, minimumDigits: 2)
            if unit { text.append(" km") }
        }
    }

    /// Hundredths of a kilometre shown for a run's distance: once its goal is reached, the goal's
    /// (rounded as a goal is), so that a half marathon run reads `21.10 km` as its goal does, not
    /// `21.09`; any other distance truncated.
    static func shownHundredths(_ metres: Double, goalMetres: Double?) -> Int {
        if let goal = goalMetres, goal > 0, goal.isFinite, metres >= goal {
            return truncatedCount(goal + 5, unit: 10)
        }
        return hundredthsOfKilometre(metres)
    }

    /// `21.10 km`: a run's distance as `shownHundredths` says.
    package static func runDistance(metres: Double, goalMetres: Double?) -> String {
        kilometres(hundredths: shownHundredths(metres, goalMetres: goalMetres), unit: true)
    }

    /// `21.10 km`: a goal, rounded to the nearest 10 m rather than truncated. A goal is a target,
    /// not a count of what was run: the half marathon's 21.0975 km reads `21.10 km`, not `21.09`.
    package static func goal(metres: Double) -> String {
        guard metres.isFinite, metres > 0 else { return kilometres(hundredths: 0, unit: true) }
        return kilometres(hundredths: truncatedCount(metres + 5, unit: 10), unit: true)
    }

    /// The race a goal is the distance of (`half marathon`, `marathon`), to within a metre; nil for
    /// any other goal.
    package static func raceName(goalMetres metres: Double) -> String? {
        if abs(metres - 21_097.5) <= 1 { return "half marathon" }
        if abs(metres - 42_195) <= 1 { return "marathon" }
        return nil
    }

    /// `+120 m`: metres climbed, truncated; a negative climb shows as `+0 m`.
    package static func climb(metres: Double) -> String {
        let whole = wholeMetres(metres)
        return String(asciiCapacity: ASCIIWriter.digitCount(whole) + 3) { text in
            text.append(UInt8(ascii: "+"))
            text.append(whole)
            text.append(" m")
        }
    }

    /// `120 m` below a kilometre, `1.20 km` from there on: a gap between two runners.
    package static func gap(metres: Double) -> String {
        let whole = wholeMetres(metres)
        guard whole >= 1000 else {
            return String(asciiCapacity: ASCIIWriter.digitCount(whole) + 2) { text in
                text.append(whole)
                text.append(" m")
            }
        }
        return kilometres(metres: metres)
    }
}
