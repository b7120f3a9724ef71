/// Writes JSON text: a value as compact text, and string literals escaped so that what JSON
/// carries can reach a terminal safely.
///
/// Besides what JSON requires (quote, backslash, C0 controls), it escapes DEL, the C1 controls,
/// bidirectional formatting characters and the line and paragraph separators as `\uXXXX`: valid
/// JSON that reads back the same, yet a terminal showing the line sees only ASCII there, never a
/// control it would obey. Everything else, non-ASCII included, is written as UTF-8.
package enum JSONText {
    /// `value` as compact JSON text, members in order.
    package static func text(_ value: JSON) -> String {
        var text = ""
        write(value, to: &text)
        return text
    }

    package static func write(_ value: JSON, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): writeString(string, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                write(value, to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                writeString(member.key, to: &text)
                text += ":"
                write(member.value, to: &text)
            }
            text += "}"
        }
    }

    /// A string literal, quoted and escaped.
    package static func writeString(_ value: String, to text: inout String) {
        text += "\""
        if !value.utf8.contains(where: mayNeedEscape) {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                if let escape = escape(scalar) {
                    text += escape
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// A string literal appended as UTF-8 bytes (for frames built byte by byte).
    package static func appendString(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        // Most strings need no escape: their bytes go in as they are, without a `String` between.
        let written = value.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: mayNeedEscape) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        guard !written else { return }
        var text = ""
        writeString(value, to: &text)
        bytes.append(contentsOf: text.utf8)
    }

    /// The escape for `scalar`, or nil to write it as it is.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        default:
            guard isUnsafe(scalar) else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// Characters a terminal could obey or that disguise text: C0, DEL, C1, bidi formatting
    /// (marks, embeddings, overrides, isolates) and the line and paragraph separators.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A quick look at one byte: whether the string may hold something to escape (a quote, a
    /// backslash, a control, or the lead byte of a character that might be unsafe).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
            || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }
}
