/// Whether the terminal on standard output can be drawn on in place.
///
/// A descriptor that is a terminal is not enough: `TERM=dumb` (Emacs' shell, some CI log viewers)
/// says that cursor movement and colour are not understood, and without any `TERM` nothing says
/// they are. Both get the plain lines a pipe gets.
enum TerminalCapability {
    static func drawsInPlace(environment: [String: String]) -> Bool {
        guard let term = environment["TERM"], !term.isEmpty else { return false }
        return term != "dumb"
    }
}
