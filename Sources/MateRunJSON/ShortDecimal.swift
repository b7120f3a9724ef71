/// The shortest text of a number with a few digits after the point (`42.3616852`, `-71.0727075`,
/// `4.9`), found with integer arithmetic: the same text as the standard library's `description`,
/// without its general algorithm.
///
/// Most numbers a run writes came from a receiver or a file in this form (coordinates with 7
/// decimals, elevations with 1), and a journal line holds several: spelling them was a third of
/// the journal's work. The rule: scaled by `10^d` for the most digits `d` (9 at most) that keep
/// the product below 2^43, the value is within a thousandth of a whole number of units `c`; if
/// `Double(c) / 10^d` (one correctly rounded division: the double nearest that decimal) is the
/// value, the decimal reads back as it, and it is the only one of `d` digits that does (the
/// spacing of doubles there is far below `10^-d`). A shorter decimal that reads back would be
/// the same one with trailing zeros dropped, so dropping them gives the shortest text. When
/// none reads back (more digits than that, as a computed distance has) or the value is outside
/// 0.001 ..< 10^9, the standard library spells it.
enum ShortDecimal {
    /// 2^43: below it, a product is within a thousandth of the exact one.
    private static let productLimit = 8_796_093_022_208.0

    /// Writes `value`'s shortest text at `start` (at most 21 bytes) and returns where it ends; nil,
    /// writing nothing, when the rule above does not apply. `value` is finite and not whole.
    static func write(_ value: Double, into scratch: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-3, magnitude < 1e9 else { return nil }
        var digits = 9
        var power = 1e9
        while magnitude * power >= productLimit {
            digits -= 1
            power /= 10
        }
        let truncated = UInt64(magnitude * power)
        var units: UInt64
        if Double(truncated) / power == magnitude {
            units = truncated
        } else if Double(truncated + 1) / power == magnitude {
            units = truncated + 1
        } else {
            return nil
        }
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        // (All zeros would be a whole number, which is not given.)
        guard digits > 0 else { return nil }
        return spell(units, digits: digits, negative: value < 0, into: scratch, at: start)
    }

    /// `units / 10^digits` as `[-]whole.fraction`, the fraction zero-padded to `digits`.
    private static func spell(
        _ units: UInt64, digits: Int, negative: Bool, into scratch: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        var count = start
        if negative {
            scratch[count] = UInt8(ascii: "-")
            count += 1
        }
        var power: UInt64 = 1
        for _ in 0..<digits { power *= 10 }
        count = JSONNumberText.writeDigits(UInt(units / power), into: scratch, at: count)
        scratch[count] = UInt8(ascii: ".")
        return JSONNumberText.writeDigits(UInt(units % power), minimumDigits: digits, into: scratch, at: count + 1)
    }
}
