/// Writes a JSON string literal, escaping what JSON requires: quote, backslash and control
/// characters. Everything else, non-ASCII included, is written as UTF-8.
enum JSONStringText {
    static func write(_ value: String, to text: inout String) {
        text += "\""
        if !value.utf8.contains(where: needsEscape) {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{08}": text += "\\b"
                case "\u{0C}": text += "\\f"
                case _ where scalar.value < 0x20:
                    text += "\\u00"
                    text.unicodeScalars.append(hexDigit(scalar.value >> 4))
                    text.unicodeScalars.append(hexDigit(scalar.value & 0xF))
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func hexDigit(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(value < 10 ? 48 + value : 87 + value))
    }
}

/// Writes a number with a fixed count of decimals (`1234.5`), or `null` when it is not finite.
enum JSONNumberText {
    /// Beyond this magnitude the scaled value no longer fits exactly in an `Int`.
    private static let exactLimit = 9e15

    static func write(_ value: Double, decimals: Int, to text: inout String) {
        guard value.isFinite else {
            text += "null"
            return
        }
        let decimals = min(9, max(0, decimals))
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < exactLimit else {
            text += value.description
            return
        }
        let units = Int(scaled)
        let magnitude = abs(units)
        text += String(asciiCapacity: 24) { digits in
            if units < 0 { digits.append(UInt8(ascii: "-")) }
            digits.append(magnitude / scale)
            if decimals > 0 {
                digits.append(UInt8(ascii: "."))
                digits.append(magnitude % scale, minimumDigits: decimals)
            }
        }
    }
}
