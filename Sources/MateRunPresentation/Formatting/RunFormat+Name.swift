extension RunFormat {
    /// The longest name shown, in characters, the ellipsis of a cut name included.
    static let maximumNameLength = 32

    /// A runner's name made safe to print: control and format characters removed (a mate's name
    /// arrives over the network and must not be able to move the cursor or recolour the terminal),
    /// whitespace runs collapsed, cut to 32 characters ending in `…` when longer, and `fallback`
    /// when nothing is left.
    package static func displayName(_ name: String, fallback: String) -> String {
        var kept: [Character] = []
        var pendingSpace = false
        for character in name {
            if character.unicodeScalars.contains(where: TerminalText.isUnsafe), !character.isWhitespace { continue }
            if character.isWhitespace {
                pendingSpace = !kept.isEmpty
                continue
            }
            // One character past the limit is enough to know the name must be cut.
            if kept.count > maximumNameLength { break }
            if pendingSpace {
                kept.append(" ")
                pendingSpace = false
            }
            kept.append(character)
        }
        guard !kept.isEmpty else { return fallback }
        guard kept.count > maximumNameLength else { return String(kept) }
        var cut = kept.prefix(maximumNameLength - 1)
        while cut.last == " " { cut.removeLast() }
        return String(cut) + "…"
    }
}
