extension RunFormat {
    /// Whole percent shown for a fraction of a goal, truncated and clamped to 0...100, so that
    /// 100% appears only once the goal is reached.
    static func wholePercent(_ fraction: Double) -> Int {
        min(100, truncatedCount(fraction, unit: 0.01))
    }

    /// `64%`.
    package static func percent(fraction: Double) -> String {
        percent(whole: wholePercent(fraction))
    }

    static func percent(whole: Int) -> String {
        String(asciiCapacity: 4) { text in
            text.append(whole)
            text.append(UInt8(ascii: "%"))
        }
    }

    /// `3.21 / 5.00 km  64%`: distance against a goal. A reached goal reads as its own number
    /// (`21.10 / 21.10 km  100%` for a half marathon, not `21.09 / 21.10`).
    package static func progressLabel(metres: Double, goalMetres: Double) -> String {
        let fraction = goalMetres > 0 ? metres / goalMetres : 0
        let covered = metres >= goalMetres ? String(goal(metres: goalMetres).dropLast(3)) : kilometreNumber(metres: metres)
        return covered + " / " + goal(metres: goalMetres) + "  "
            + percent(fraction: fraction)
    }

    /// The kilometre a split row is labelled with: `3` for a whole kilometre, `5.43` for a final
    /// partial split (the distance at which the run ended, as the result reads it: a reached
    /// `goalMetres` as the goal, `21.10` for a half marathon).
    package static func splitKilometre(index: Int, distanceMetres: Double, goalMetres: Double? = nil) -> String {
        if distanceMetres >= 1000 - 0.5 {
            return String(asciiCapacity: 20) { $0.append(max(0, index)) }
        }
        let ended = Double(max(0, index - 1)) * 1000 + distanceMetres
        return kilometres(hundredths: shownHundredths(ended, goalMetres: goalMetres), unit: false)
    }
}
