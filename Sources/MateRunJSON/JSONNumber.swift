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

    /// A finite `value` with a fixed count of decimals (0 ... 9): `1234.5`, `-0.25`, `12`; past
    /// what a scaled `Int` holds exactly, its shortest form.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        String(unsafeUninitializedCapacity: fixedBytes) { buffer in writeFixed(value, decimals: decimals, into: buffer, at: 0) }
    }

    /// Room for any text `fixed` gives: a sign, 16 digits and a point, or a shortest form (24).
    static let fixedBytes = 32

    /// Writes `fixed(value, decimals:)`'s text at `start` and returns where it ends: byte by byte
    /// into the room it is given, as an event line carries several such numbers.
    static func writeFixed(_ value: Double, decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let decimals = min(9, max(0, decimals))
        let scale = DecimalDigits.powersOfTen[decimals]
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < exactLimit else {
            var text = value.description
            return text.withUTF8 { UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(fromContentsOf: $0) } + start
        }
        let units = Int(scaled)
        var count = start
        if units < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        let magnitude = UInt64(units.magnitude)
        count = DecimalDigits.write(magnitude / scale, into: buffer, at: count)
        guard decimals > 0 else { return count }
        buffer[count] = UInt8(ascii: ".")
        return DecimalDigits.write(magnitude % scale, minimumDigits: decimals, into: buffer, at: count + 1)
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
