/// A JSON number as written: its literal text, converted on demand.
package struct JSONNumber: Sendable, Equatable {
    /// The literal, e.g. `-12.50` or `3e8`.
    package let text: String
    /// Whether the literal has no fraction and no exponent.
    package let isIntegerLiteral: Bool

    /// A literal read from JSON text; the parser has checked its grammar.
    package init(literal: String, isIntegerLiteral: Bool) {
        text = literal
        self.isIntegerLiteral = isIntegerLiteral
    }

    /// A whole number.
    package init(_ value: Int) {
        text = String(value)
        isIntegerLiteral = true
    }

    /// `value` written with `decimals` digits after the point (0...9), e.g. `1234.5` for one;
    /// nil when it is not finite.
    package init?(_ value: Double, decimals: Int) {
        guard value.isFinite else { return nil }
        text = JSONNumberText.fixed(value, decimals: decimals)
        isIntegerLiteral = decimals <= 0 && !text.contains("e")
    }

    /// `value` in the shortest form that reads back exactly (`5` for a whole number); nil when
    /// it is not finite.
    package init?(shortest value: Double) {
        guard value.isFinite else { return nil }
        text = JSONNumberText.shortest(value)
        isIntegerLiteral = !text.contains(".") && !text.contains("e")
    }

    /// The value as an integer, nil when the literal is not an integer or does not fit.
    package var integer: Int? { isIntegerLiteral ? Int(text) : nil }

    /// The value as a double, nil when it is not finite (e.g. `1e999`).
    package var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

/// How numbers are spelled in JSON output.
package enum JSONNumberText {
    /// Beyond this magnitude the scaled value no longer fits exactly in an `Int`.
    private static let exactLimit = 9e15

    /// A finite `value` with a fixed count of decimals: `1234.5`, `-0.25`, `12`. Written byte by
    /// byte into the string's storage: event lines carry several numbers each.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        let decimals = min(9, max(0, decimals))
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < exactLimit else { return value.description }
        let units = Int(scaled)
        let whole = abs(units) / scale, fraction = abs(units) % scale
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var count = 0
            if units < 0 {
                buffer[count] = UInt8(ascii: "-")
                count += 1
            }
            count = DecimalDigits.write(UInt64(whole), into: buffer, at: count)
            if decimals > 0 {
                buffer[count] = UInt8(ascii: ".")
                count = DecimalDigits.write(UInt64(fraction), minimumDigits: decimals, into: buffer, at: count + 1)
            }
            return count
        }
    }

    /// A finite `value` in the shortest form that reads back exactly: `5`, `2.5`, `1e+20`.
    package static func shortest(_ value: Double) -> String {
        wholeNumber(value).map { String($0) } ?? value.description
    }

    /// `value` as the integer its shortest form spells without a point (`5` for 5.0), nil when
    /// it has a fraction or is too large for that form (1e15 and beyond read `1e+15`). Inlined:
    /// asked of every number a journal line holds, the call cost as much as the test.
    @inline(__always)
    package static func wholeNumber(_ value: Double) -> Int? {
        // Truncated and compared rather than `rounded()`, which is a call into libm on x86-64.
        guard abs(value) < 1e15 else { return nil }
        let whole = Int(value)
        return Double(whole) == value ? whole : nil
    }
}
