/// Decimal numbers read straight from bytes (`47.644548`, `-3.5e2`), for GPX coordinates.
///
/// Up to 19 significant digits and a power of ten within ±22, the result is one correctly rounded
/// multiplication or division of two exact doubles (Clinger's fast path), so it equals what
/// `Double(String)` gives; anything longer falls back to `Double(String)`.
enum DecimalText {
    /// `1e0 ... 1e22`, every power of ten a double holds exactly. Written out, so that the
    /// compiler lays the table out in the program, not at its first use behind a check at
    /// every use (two numbers a point of a file).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0, exponent = 0, digits = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                digits += 1
                if mantissa == 0 && byte == UInt8(ascii: "0") {
                    if seenPoint { exponent -= 1 }
                } else if significant < 19 {
                    mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                    significant += 1
                    if seenPoint { exponent -= 1 }
                } else {
                    return slowPath(bytes, from: start, to: end)
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentSign = 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentSign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            var written = 0, exponentDigits = 0
            while index < end, bytes[index] &- UInt8(ascii: "0") < 10, written < 10_000 {
                written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentSign * written
        }
        guard index == end else { return nil }
        guard mantissa < (1 << 53), abs(exponent) <= 22 else { return slowPath(bytes, from: start, to: end) }
        let magnitude = exponent < 0
            ? Double(mantissa) / powersOfTen[-exponent]
            : Double(mantissa) * powersOfTen[exponent]
        return negative ? -magnitude : magnitude
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
}
