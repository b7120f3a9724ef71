/// The few ANSI control sequences the live screen needs.
enum TerminalControl {
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let clearLine = "\u{1B}[2K"
    static let clearToEnd = "\u{1B}[J"

    static func cursorUp(_ lines: Int) -> String {
        lines > 0 ? "\u{1B}[\(lines)A\r" : "\r"
    }
}
