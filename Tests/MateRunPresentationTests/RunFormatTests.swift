import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("Formatting of run numbers")
struct RunFormatTests {
    @Test("clock time always shows hours and truncates to the second", arguments: [
        (0, "00:00:00"), (59.999, "00:00:59"), (60, "00:01:00"), (312, "00:05:12"), (3599.5, "00:59:59"),
        (3723, "01:02:03"), (360_000, "100:00:00"), (1_000_000_000_000, "999999:59:59"),
    ] as [(Double, String)])
    func clockTime(seconds: Double, expected: String) {
        // Given a duration in seconds
        // When it is formatted
        let text = RunFormat.clockTime(seconds: seconds)
        // Then it reads as hh:mm:ss, never rounded up
        #expect(text == expected)
    }

    @Test("clock time shows zero for negative and non-finite durations", arguments: [
        -1, -0.0, Double.nan, Double.infinity, -Double.infinity,
    ] as [Double])
    func clockTimeGuardsBadInput(seconds: Double) {
        // Given a duration no clock can show; When formatted; Then it is zero
        #expect(RunFormat.clockTime(seconds: seconds) == "00:00:00")
    }

    @Test("kilometres truncate to two decimals so a goal never shows reached early", arguments: [
        (0, "0.00 km"), (9.99, "0.00 km"), (10, "0.01 km"), (5230, "5.23 km"), (4999.6, "4.99 km"),
        (5000, "5.00 km"), (2299.9999999, "2.30 km"), (42_195, "42.19 km"), (123_456.7, "123.45 km"),
    ] as [(Double, String)])
    func kilometres(metres: Double, expected: String) {
        // Given a distance in metres; When formatted; Then it is truncated to 10 m steps
        #expect(RunFormat.kilometres(metres: metres) == expected)
    }

    @Test("kilometres show zero for negative and non-finite distances", arguments: [
        -5, Double.nan, -Double.infinity,
    ] as [Double])
    func kilometresGuardBadInput(metres: Double) {
        #expect(RunFormat.kilometres(metres: metres) == "0.00 km")
    }

    @Test("whole kilocalories are truncated", arguments: [
        (0, "0 kcal"), (312.9, "312 kcal"), (-3, "0 kcal"), (Double.nan, "0 kcal"), (1_234, "1234 kcal"),
    ] as [(Double, String)])
    func kilocalories(amount: Double, expected: String) {
        #expect(RunFormat.kilocalories(amount) == expected)
    }

    @Test("pace shows minutes and seconds per kilometre, rounded to the second", arguments: [
        (332, "5'32\"/km"), (331.6, "5'32\"/km"), (59.5, "1'00\"/km"), (600, "10'00\"/km"),
        (3599, "59'59\"/km"), (3599.4, "59'59\"/km"),
    ] as [(Double, String)])
    func pace(secondsPerKilometre: Double, expected: String) {
        #expect(RunFormat.pace(secondsPerKilometre: secondsPerKilometre) == expected)
    }

    @Test("missing, absurd or broken pace shows the placeholder", arguments: [
        nil, 3599.5, 7200, 0, 0.4, -300, Double.nan, Double.infinity,
    ] as [Double?])
    func pacePlaceholder(secondsPerKilometre: Double?) {
        #expect(RunFormat.pace(secondsPerKilometre: secondsPerKilometre) == "-'--\"/km")
    }

    @Test("climb shows whole metres with a plus sign", arguments: [
        (0, "+0 m"), (120.9, "+120 m"), (-4, "+0 m"), (Double.nan, "+0 m"),
    ] as [(Double, String)])
    func climb(metres: Double, expected: String) {
        #expect(RunFormat.climb(metres: metres) == expected)
    }

    @Test("a gap between runners is in metres below a kilometre and in kilometres beyond", arguments: [
        (0, "0 m"), (40.7, "40 m"), (999.9, "999 m"), (1200, "1.20 km"),
    ] as [(Double, String)])
    func gap(metres: Double, expected: String) {
        #expect(RunFormat.gap(metres: metres) == expected)
    }

    @Test("percent truncates so that 100% means reached", arguments: [
        (0, "0%"), (0.29, "29%"), (0.999, "99%"), (1, "100%"), (1.5, "100%"), (-0.2, "0%"), (Double.nan, "0%"),
    ] as [(Double, String)])
    func percent(fraction: Double, expected: String) {
        #expect(RunFormat.percent(fraction: fraction) == expected)
    }

    @Test("progress label shows distance against the goal")
    func progressLabel() {
        // Given 3.21 km covered of 5 km; When labelled; Then both distances and the percent show
        #expect(RunFormat.progressLabel(metres: 3214, goalMetres: 5000) == "3.21 / 5.00 km  64%")
    }

    @Test("a split is labelled by its kilometre, or by the final distance when partial", arguments: [
        (3, 1000, "3"), (6, 430, "5.43"), (1, 999.8, "1"), (1, 250, "0.25"),
    ] as [(Int, Double, String)])
    func splitKilometre(index: Int, metres: Double, expected: String) {
        #expect(RunFormat.splitKilometre(index: index, distanceMetres: metres) == expected)
    }

    @Test("names lose control characters and are cut to 32 characters, with an ellipsis")
    func displayName() {
        // Given a name carrying an escape sequence, a newline and extra spaces
        let hostile = "  Bo\u{1B}[2Jb \n  the\u{202E}  Mate  "
        // When made displayable; Then only the visible text is left, spaces collapsed
        #expect(RunFormat.displayName(hostile, fallback: "mate") == "Bo[2Jb the Mate")
        #expect(RunFormat.displayName("\u{7}\u{1B}", fallback: "mate") == "mate")
        #expect(RunFormat.displayName(String(repeating: "x", count: 40), fallback: "") == String(repeating: "x", count: 31) + "…")
        #expect(RunFormat.displayName(String(repeating: "x", count: 32), fallback: "") == String(repeating: "x", count: 32))
        #expect(RunFormat.displayName(String(repeating: "x", count: 30) + " and more", fallback: "") == String(repeating: "x", count: 30) + "…")
    }

    @Test("a goal is rounded to 10 m, so that a half marathon reads 21.10 km, and races are named")
    func goal() {
        #expect(RunFormat.goal(metres: 21_097.5) == "21.10 km")
        #expect(RunFormat.goal(metres: 42_195) == "42.20 km")
        #expect(RunFormat.goal(metres: 5000) == "5.00 km")
        #expect(RunFormat.goal(metres: .nan) == "0.00 km")
        #expect(RunFormat.raceName(goalMetres: 21_097.5) == "half marathon")
        #expect(RunFormat.raceName(goalMetres: 42_195) == "marathon")
        #expect(RunFormat.raceName(goalMetres: 10_000) == nil)
        #expect(RunFormat.progressLabel(metres: 21_097.5, goalMetres: 21_097.5) == "21.10 / 21.10 km  100%")
        #expect(RunFormat.progressLabel(metres: 21_090, goalMetres: 21_097.5) == "21.09 / 21.10 km  99%")
        #expect(RunFormat.displayName("민수", fallback: "mate") == "민수")
    }

    @Test func wholeNumbersAreTheStandardLibrarysRoundingWithoutItsCall() {
        // Given halves, near-halves, whole numbers, negatives and a seeded sweep of figures
        var random = SplitMix64(seed: 11)
        var values: [Double] = [0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994, 3599.5, 1e9 - 0.5,
                                Double(1 << 52) + 1, -Double(1 << 52) - 1, .leastNonzeroMagnitude, 0.5.nextDown, 0.5.nextUp]
        for _ in 0..<100_000 {
            let magnitude = [1.0, 100, 10_000, 1e8][Int(random.next() % 4)]
            values.append((Double(random.next() >> 11) / Double(1 << 53) * 2 - 1) * magnitude)
        }
        for value in values {
            // Then the nearest whole number is `rounded()`'s, halves away from zero
            #expect(RunFormat.nearestWhole(value) == Int(value.rounded()), "\(value)")
            // And a positive count truncates as `rounded(.down)` did, up to its limit
            if value > 0 {
                let floor = Int((value + RunFormat.truncationTolerance).rounded(.down))
                #expect(RunFormat.truncatedCount(value, limit: 1_000_000) == min(floor, 1_000_000), "\(value)")
            }
        }
    }
}
