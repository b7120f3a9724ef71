/// Writes an integer's decimal digits into a byte buffer: the one digit writer of every number
/// the program spells (journal lines, frames, `--json` events), four digits a division (two
/// pairs in 32-bit arithmetic) from the last back, after the digits are counted from the
/// integer's bit length.
enum DecimalDigits {
    /// `10^0 ... 10^19`, every power of ten a `UInt64` holds. Written out, so that the compiler
    /// lays the table out in the program, not at its first use behind a check at every use.
    static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// Writes `value` at `start`, zero-padded to `minimumDigits`; returns where it ends.
    static func write(
        _ value: UInt64, minimumDigits: Int = 1, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        let digits = count(value)
        let end = start + max(digits, minimumDigits)
        write(value, endingAt: end, into: buffer)
        for index in start ..< end - digits {
            buffer[index] = UInt8(ascii: "0")
        }
        return end
    }

    /// Writes `value`'s digits (one, `0`, for nought) so that the last is just before `end`: four
    /// at a time while there are more, each four split into two pairs in 32-bit arithmetic.
    static func write(_ value: UInt64, endingAt end: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var remaining = value
        var index = end
        let pairs = digitPairs.utf8Start
        while remaining >= 10_000 {
            let four = UInt32(truncatingIfNeeded: remaining % 10_000)
            remaining /= 10_000
            let high = Int(four / 100) * 2, low = Int(four % 100) * 2
            buffer[index - 4] = pairs[high]
            buffer[index - 3] = pairs[high + 1]
            buffer[index - 2] = pairs[low]
            buffer[index - 1] = pairs[low + 1]
            index -= 4
        }
        while remaining >= 100 {
            let pair = Int(remaining % 100) * 2
            remaining /= 100
            buffer[index - 2] = pairs[pair]
            buffer[index - 1] = pairs[pair + 1]
            index -= 2
        }
        if remaining >= 10 {
            buffer[index - 2] = pairs[Int(remaining) * 2]
            buffer[index - 1] = pairs[Int(remaining) * 2 + 1]
        } else {
            buffer[index - 1] = UInt8(ascii: "0") + UInt8(remaining)
        }
    }

    /// How many digits `value` has (1 for nought): from its bit length (times log10 2, as
    /// 1233 / 4096), then one comparison.
    static func count(_ value: UInt64) -> Int {
        let estimate = ((64 - value.leadingZeroBitCount) * 1233) >> 12
        return max(1, value >= powersOfTen[estimate] ? estimate + 1 : estimate)
    }

    /// `00`, `01`, … `99`, one after the other.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}
