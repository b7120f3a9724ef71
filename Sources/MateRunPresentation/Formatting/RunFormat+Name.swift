extension RunFormat {
    /// The longest name shown, in characters.
    static let maximumNameLength = 32

    /// A runner's name made safe to print: control and format characters removed (a mate's name
    /// arrives over the network and must not be able to move the cursor or recolour the terminal),
    /// whitespace runs collapsed, cut to 32 characters, and `fallback` when nothing is left.
    package static func displayName(_ name: String, fallback: String) -> String {
        var result = ""
        var pendingSpace = false
        var length = 0
        for character in name {
            if character.unicodeScalars.contains(where: TerminalText.isUnsafe), !character.isWhitespace { continue }
            if character.isWhitespace {
                pendingSpace = length > 0
                continue
            }
            if length == maximumNameLength { break }
            if pendingSpace {
                result.append(" ")
                length += 1
                pendingSpace = false
                if length == maximumNameLength { break }
            }
            result.append(character)
            length += 1
        }
        return result.isEmpty ? fallback : result
    }
}
