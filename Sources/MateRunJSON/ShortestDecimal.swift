/// The shortest text that reads back as a double of magnitude 0.01 ..< 10^9 (`42.3616852`,
/// `2.38635734054424`, `-0.25`): the same text as the standard library's `description`, found
/// with 64-bit integer arithmetic instead of its general algorithm.
///
/// A journal line spells every fix's figures: coordinates and elevations as a file or a receiver
/// gave them (a few decimals), and the distance and calories the run computed (17 significant
/// digits), on which the standard library spent about a thousand instructions each. This is the
/// digit removal of Ulf Adams' Ryū, with exact products in place of its tables, which the narrow
/// range affords, and without the cases the range rules out:
///
/// - The double is `m · 2^e`, with `e` ≤ −23 here. The reals that read back as it lie between the
///   midpoints to its neighbours, `(2m − 1) · 2^(e−1)` and `(2m + 1) · 2^(e−1)` (`(4m − 1) ·
///   2^(e−2)` below a power of two, where the gap below is half as wide).
/// - Scaled by `10^k` so that the value has 18 digits before the point (one more than any double
///   needs), the value and both ends are 64-by-64-bit products shifted right: whole parts, and
///   whether the value's is exact (`10^k` ≤ 10^19, products below 2^119). The ends never are:
///   an odd multiple of `2^(e−1)` has at least 24 digits after the point, more than `k`. So
///   whether an end would read back (it would, were `m` even) never matters.
/// - The ends' last digits are dropped while the interval still holds a multiple of the next
///   power of ten: what is left is the fewest digits any number in it has (the interval is at
///   least 11 units wide at the start, so at least one digit goes). The value, divided by the
///   same power, is rounded to the nearest by its remainder (exactly half, a tie, to the even):
///   the nearest of those shortest numbers, and inside the interval, since one of them is and
///   the interval is as wide on both sides (but below a power of two; those here, 2^−6 … 2^−1,
///   are short decimals themselves, where the dropping stops). It has 18 digits less those
///   dropped: a rounding that carried into a new digit would be a multiple of ten inside.
enum ShortestDecimal {
    /// `1e-2 ... 1e9`, the powers of ten a value's digit count is told by. The doubles 0.01 and 0.1
    /// are the only ones not exact, and both round up, so every comparison is that of the real
    /// power: a value is never given one digit too many, which would leave the last place of its
    /// text unwritten.
    private static let powersOfTen: [Double] = [1e-2, 1e-1, 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// Writes `value`'s shortest text at `start` (at most 21 bytes) and returns where it ends; nil,
    /// writing nothing, when `value` is outside the range above. `value` is finite and not whole.
    static func write(_ value: Double, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-2, magnitude < 1e9 else { return nil }
        // Digits before the point (−1 for 0.0x), and the scale that gives 18 of them. With the
        // binary exponent e (−7 ... 29 here), the value's log10 is in [e·log10 2, (e+1)·log10 2),
        // less than 1 wide: its floor is k = ⌊e·log10 2⌋ (78913 / 2^18 is log10 2 closely enough
        // for any exponent of a double) or k + 1, as the value is below 10^(k+1) or not.
        let k = ((Int(magnitude.exponentBitPattern) - 1023) * 78_913) >> 18
        let integerDigits = magnitude >= powersOfTen[k + 3] ? k + 2 : k + 1
        let scale = 18 - integerDigits
        let (digits, dropped) = shortestDigits(magnitude, scale: DecimalDigits.powersOfTen[scale])
        // A value that is not whole has no whole number in its interval (whole numbers are
        // doubles of their own here), so a digit after the point is always kept; were that ever
        // broken, the standard library would spell the value rather than this trap.
        guard dropped < scale else { return nil }
        return spell(digits, count: 18 - dropped, integerDigits: integerDigits, negative: value < 0, into: room, at: start)
    }

    /// The shortest digits of `magnitude · power` that read back, and how many were dropped.
    private static func shortestDigits(_ magnitude: Double, scale power: UInt64) -> (digits: UInt64, dropped: Int) {
        let significand = magnitude.significandBitPattern | (1 << 52)
        // In units of 2^(e − 2), where the double is significand · 2^e: shifted by 25 ... 61 bits.
        let shift = UInt64(54 + 1023) - UInt64(magnitude.exponentBitPattern)
        let value = (4 * significand).multipliedFullWidth(by: power)
        // (4m − 2) · power and (4m + 2) · power: power (up to 10^19) added twice, as twice it
        // may not fit in 64 bits.
        var below = minus(value, power)
        if magnitude.significandBitPattern != 0 { below = minus(below, power) }
        let above = plus(plus(value, power), power)
        var belowDigits = wholePart(below, shift: shift)
        var aboveDigits = wholePart(above, shift: shift)
        // Four digits at a time while they can go (a coordinate loses eight or more), then one.
        var dropped = 0
        var droppedScale: UInt64 = 1
        while aboveDigits / 10_000 > belowDigits / 10_000 {
            belowDigits /= 10_000
            aboveDigits /= 10_000
            dropped += 4
            droppedScale *= 10_000
        }
        while aboveDigits / 10 > belowDigits / 10 {
            belowDigits /= 10
            aboveDigits /= 10
            dropped += 1
            droppedScale *= 10
        }
        // Rounded to the nearest by what was dropped: the value's whole part's remainder, and its
        // fraction, nought only when the product was exact (then a remainder of half is a tie).
        let valueDigits = wholePart(value, shift: shift)
        let valueIsWhole = value.low & ((1 << shift) - 1) == 0
        let (kept, remainder) = valueDigits.quotientAndRemainder(dividingBy: droppedScale)
        let half = droppedScale / 2
        let up = remainder > half || (remainder == half && (!valueIsWhole || kept % 2 == 1))
        return (up ? kept + 1 : kept, dropped)
    }

    private typealias Wide = (high: UInt64, low: UInt64)

    /// `wide` shifted right by `shift` (below 64), known to fit in 64 bits.
    @inline(__always)
    private static func wholePart(_ wide: Wide, shift: UInt64) -> UInt64 {
        (wide.high << (64 - shift)) | (wide.low >> shift)
    }

    @inline(__always)
    private static func plus(_ wide: Wide, _ addend: UInt64) -> Wide {
        let (low, carry) = wide.low.addingReportingOverflow(addend)
        return (carry ? wide.high + 1 : wide.high, low)
    }

    @inline(__always)
    private static func minus(_ wide: Wide, _ subtrahend: UInt64) -> Wide {
        let (low, borrow) = wide.low.subtractingReportingOverflow(subtrahend)
        return (borrow ? wide.high - 1 : wide.high, low)
    }

    /// `digits` (`count` of them, the first not nought) with the point after the first
    /// `integerDigits`, or after `0.` and `-integerDigits` noughts when that is not positive.
    private static func spell(
        _ digits: UInt64, count: Int, integerDigits: Int, negative: Bool,
        into room: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        var position = start
        if negative {
            room[position] = UInt8(ascii: "-")
            position += 1
        }
        guard integerDigits > 0 else {
            room[position] = UInt8(ascii: "0")
            room[position + 1] = UInt8(ascii: ".")
            position += 2
            for _ in 0 ..< -integerDigits {
                room[position] = UInt8(ascii: "0")
                position += 1
            }
            DecimalDigits.write(digits, endingAt: position + count, into: room)
            return position + count
        }
        // Written one place to the right, then the whole part moved back over that place.
        DecimalDigits.write(digits, endingAt: position + 1 + count, into: room)
        for index in position ..< position + integerDigits {
            room[index] = room[index + 1]
        }
        room[position + integerDigits] = UInt8(ascii: ".")
        return position + 1 + count
    }
}
