/// The text of every number a runner sees: `00:05:12`, `5.23 km`, `312 kcal`, `5'32"/km`, `+120 m`.
///
/// It exists so that the live panel, the plain line and the result screen agree on one set of
/// rules, written once:
/// - Counters (time, distance, calories, climb, percent) are **truncated**, never rounded up, as
///   sports watches do: a goal never shows as reached before it is (4999.6 m is `4.99 km`, 59.9 s is
///   `00:00:59`, 99.7% is `99%`). A micro-tolerance absorbs binary noise, so that 2300 m computed as
///   2299.9999999 still reads `2.30 km`.
/// - Pace is a rate, not a counter, so it is **rounded** to the nearest second; so is a split's
///   time, so that a kilometre's pace and time agree, and a goal (to 10 m), which is a target.
/// - Negative, NaN and infinite inputs never crash and never print garbage: counters show zero,
///   pace shows the placeholder `-'--"/km`.
///
/// Each format is split in two steps, a quantity (`Double` to the `Int` that is shown) and its
/// text, so that `RunningViewModel` can compare quantities and only format what changed.
package enum RunFormat {
    /// Absorbs binary floating-point noise before truncating (a millionth of a unit).
    static let truncationTolerance = 1e-6

    /// The whole number of `unit`s in `value`, truncated, with bad input guarded to zero and huge
    /// input clamped so that the conversion to `Int` cannot trap.
    static func truncatedCount(_ value: Double, unit: Double = 1, limit: Int = 999_999_999_999) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        let count = value / unit + truncationTolerance
        // Positive: the conversion's truncation is the floor (without libm's, a call here).
        return count >= Double(limit) ? limit : Int(count)
    }

    /// `value` rounded to the nearest whole number, halves away from zero, as `rounded()` does,
    /// without libm's `round` (a call on every figure of every event here). `value` must be
    /// finite and well inside `Int`'s range.
    static func nearestWhole(_ value: Double) -> Int {
        let whole = Int(value)
        // Exact: a number minus its truncation loses nothing.
        let fraction = value - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }
}
