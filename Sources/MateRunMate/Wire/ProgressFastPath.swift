import MateRunDomain
import MateRunJSON

/// Decodes a plain `progress` frame straight from its bytes, for the one message a run sends
/// over and over: keys are compared as bytes and numbers converted without building a
/// dictionary or any `String`.
///
/// It only ever answers for frames it fully understands and finds valid, with exactly the
/// values `JSONParser` + `MateFields` would produce; for anything else (another type, a missing,
/// duplicated, `null`, out-of-range or wrong-typed field, an escape in a key, an unknown field
/// whose value is not a plain scalar, malformed JSON...) it returns nil and the general parser
/// decides, so that errors and PROTOCOL.md semantics stay the general parser's.
package enum ProgressFastPath {
    /// The progress in `frame` (without its newline), or nil to fall back to the general parser.
    package static func decode(_ frame: [UInt8]) -> MateProgress? {
        frame.withUnsafeBufferPointer { bytes in
            var scanner = ProgressScanner(bytes: bytes)
            return scanner.progress()
        }
    }
}

private struct ProgressScanner {
    private enum Key: UInt8 {
        case type = 1
        case seq = 2
        case elapsed = 4
        case moving = 8
        case distance = 16
        case kcal = 32
        case paused = 64
    }

    private static let allKeys: UInt8 = 127

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func progress() -> MateProgress? {
        var seen: UInt8 = 0
        var seq = 0
        var elapsed = 0.0
        var moving = 0.0
        var distance = 0.0
        var kcal = 0.0
        var paused = false

        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        while true {
            skipWhitespace()
            guard take(UInt8(ascii: "\"")) else { return nil }
            guard let keyEnd = plainStringEnd() else { return nil }
            let key = Self.key(bytes, from: index, to: keyEnd)
            index = keyEnd + 1
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            if let key {
                guard seen & key.rawValue == 0 else { return nil }
                seen |= key.rawValue
                switch key {
                case .type:
                    guard takeWord("\"progress\"") else { return nil }
                case .seq:
                    guard let value = integer(in: MateWireLimits.sequence) else { return nil }
                    seq = value
                case .elapsed:
                    guard let value = number(in: MateWireLimits.seconds) else { return nil }
                    elapsed = value
                case .moving:
                    guard let value = number(in: MateWireLimits.seconds) else { return nil }
                    moving = value
                case .distance:
                    guard let value = number(in: MateWireLimits.metres) else { return nil }
                    distance = value
                case .kcal:
                    guard let value = number(in: MateWireLimits.kilocalories) else { return nil }
                    kcal = value
                case .paused:
                    if takeWord("true") {
                        paused = true
                    } else if takeWord("false") {
                        paused = false
                    } else {
                        return nil
                    }
                }
            } else {
                guard skipPlainScalar() else { return nil }
            }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            break
        }
        skipWhitespace()
        guard index == bytes.count, seen == Self.allKeys else { return nil }
        return MateProgress(
            seq: seq, elapsedSeconds: elapsed, movingSeconds: moving, distanceMetres: distance,
            caloriesKilocalories: kcal, paused: paused)
    }

    // MARK: Bytes

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONWhitespace.contains(bytes[index]) {
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `word` if the bytes at the index are exactly it.
    private mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            return false
        }
        index += count
        return true
    }

    /// With the index just past an opening quote: the index of the closing quote when the string
    /// is printable ASCII without escapes (which reads the same as bytes and as a `String`), nil
    /// for anything else.
    private func plainStringEnd() -> Int? {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { return end }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        return nil
    }

    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Key? {
        func matches(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            let expected = word.utf8Start
            for offset in 0..<(end - start) where bytes[start + offset] != expected[offset] {
                return false
            }
            return true
        }
        switch end - start {
        case 3: return matches("seq") ? .seq : nil
        case 4: return matches("type") ? .type : matches("kcal") ? .kcal : nil
        case 6: return matches("paused") ? .paused : nil
        case 8: return matches("moving_s") ? .moving : nil
        case 9: return matches("elapsed_s") ? .elapsed : nil
        case 10: return matches("distance_m") ? .distance : nil
        default: return nil
        }
    }

    /// Skips an unknown field's value when it is a plain string, a number, `true`, `false` or
    /// `null`; false for anything else (arrays, objects, escapes, non-ASCII), which the general
    /// parser then checks.
    private mutating func skipPlainScalar() -> Bool {
        switch current {
        case UInt8(ascii: "\""):
            index += 1
            guard let end = plainStringEnd() else { return false }
            index = end + 1
            return true
        case UInt8(ascii: "t"): return takeWord("true")
        case UInt8(ascii: "f"): return takeWord("false")
        case UInt8(ascii: "n"): return takeWord("null")
        default: return scanNumber() != nil
        }
    }

    // MARK: Numbers

    /// A number literal as scanned: its extent, and its value as `±mantissa × 10^exponent` when
    /// the mantissa's digits fit (`exact`).
    private struct NumberLiteral {
        let start: Int
        let end: Int
        let negative: Bool
        let isInteger: Bool
        let mantissa: UInt64
        let exact: Bool
        let exponent: Int
    }

    /// Scans a number with exactly `JSONParser`'s grammar; nil when it is malformed.
    private mutating func scanNumber() -> NumberLiteral? {
        let start = index
        let negative = take(UInt8(ascii: "-"))
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exact = true
        var isInteger = true
        var exponent = 0

        func accumulate(_ digit: UInt8) {
            if digitCount < 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit &- UInt8(ascii: "0"))
                digitCount += 1
            } else {
                exact = false
            }
        }

        guard let first = current, Self.isDigit(first) else { return nil }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, Self.isDigit(byte) {
                accumulate(byte)
                index += 1
            }
        }
        if take(UInt8(ascii: ".")) {
            isInteger = false
            guard let byte = current, Self.isDigit(byte) else { return nil }
            while let byte = current, Self.isDigit(byte) {
                accumulate(byte)
                exponent -= 1
                index += 1
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var negativeExponent = false
            if take(UInt8(ascii: "-")) {
                negativeExponent = true
            } else {
                _ = take(UInt8(ascii: "+"))
            }
            guard let byte = current, Self.isDigit(byte) else { return nil }
            var written = 0
            while let byte = current, Self.isDigit(byte) {
                if written < 1_000_000 {
                    written = written * 10 + Int(byte - UInt8(ascii: "0"))
                }
                index += 1
            }
            exponent += negativeExponent ? -written : written
        }
        return NumberLiteral(
            start: start, end: index, negative: negative, isInteger: isInteger,
            mantissa: mantissa, exact: exact, exponent: exponent)
    }

    /// An integer literal in `range`, as `Int(text)` reads it.
    private mutating func integer(in range: ClosedRange<Int>) -> Int? {
        guard let literal = scanNumber(), literal.isInteger, literal.exact, range.lowerBound >= 0 else { return nil }
        if literal.negative {
            // "-0" is 0; any other negative is out of range.
            guard literal.mantissa == 0, range.contains(0) else { return nil }
            return 0
        }
        guard literal.mantissa <= UInt64(range.upperBound) else { return nil }
        let value = Int(literal.mantissa)
        return range.contains(value) ? value : nil
    }

    /// A finite number in `range`, exactly as `Double(text)` reads it.
    private mutating func number(in range: ClosedRange<Double>) -> Double? {
        guard let literal = scanNumber() else { return nil }
        var value: Double
        if literal.exact, literal.mantissa <= 1 << 53, (-22...22).contains(literal.exponent) {
            // Both the mantissa and the power of ten are exact doubles, so one multiplication or
            // division rounds once: the correctly rounded value, as Double(text) gives.
            let power = Self.powersOfTen[abs(literal.exponent)]
            value = Double(literal.mantissa)
            value = literal.exponent < 0 ? value / power : value * power
            if literal.negative { value = -value }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[literal.start..<literal.end]), as: UTF8.self)
            guard let parsed = Double(text) else { return nil }
            value = parsed
        }
        guard value.isFinite, range.contains(value) else { return nil }
        return value
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
