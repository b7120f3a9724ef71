/// Makes text that came from outside (a scenario file, a GPX track, a mate over the network)
/// safe to print on a terminal.
///
/// A terminal obeys what it is sent: ESC and the other C0 and C1 controls move the cursor,
/// retitle the window, clear the screen or worse, and bidirectional overrides reorder what the
/// reader sees. Every such character in untrusted text is shown as an escape (`\x1B`,
/// `\u{202E}`), so a hostile string is visible for what it is and does nothing; a line break
/// becomes `\n`, so one message stays one line. Long text is cut with an ellipsis.
package enum TerminalText {
    /// The most characters an echoed value keeps by default.
    package static let defaultLimit = 200

    /// `text` with every control, format and separator character shown as an escape, cut to
    /// `limit` characters (then `…`).
    package static func neutralised(_ text: String, limit: Int = defaultLimit) -> String {
        var result = ""
        var length = 0
        for character in text {
            if length >= limit {
                return result + "…"
            }
            if character.unicodeScalars.contains(where: isUnsafe) {
                for scalar in character.unicodeScalars {
                    result += isUnsafe(scalar) ? escaped(scalar) : String(scalar)
                }
            } else {
                result.append(character)
            }
            length += 1
        }
        return result
    }

    /// Whether printing `scalar` could make a terminal do or show something other than a glyph.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        case .format:
            // The zero-width joiner holds emoji sequences together; every other format character
            // (bidi marks, embeddings, overrides and isolates among them) can disguise text.
            return scalar != "\u{200D}"
        default:
            return false
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return scalar.value < 0x100
                ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                : "\\u{" + hex + "}"
        }
    }
}
