/// How many terminal columns text takes, so that views can promise never to overflow a line.
///
/// A close approximation of `wcwidth`: East Asian wide characters (Hangul, CJK, full-width forms)
/// and emoji take two columns, combining marks and other zero-width characters none. Names are the
/// only text here that is not ASCII, and Mate Runner's runners have Korean names.
enum TerminalWidth {
    static func columns(of text: String) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    static func columns(of character: Character) -> Int {
        if character.isASCII { return character.asciiValue.map { $0 >= 0x20 && $0 != 0x7F ? 1 : 0 } ?? 1 }
        var width = 0
        for scalar in character.unicodeScalars {
            width = max(width, columns(of: scalar))
        }
        return width
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
