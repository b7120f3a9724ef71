/// The few ANSI control sequences the live screen needs.
enum TerminalControl {
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let clearLine = "\u{1B}[2K"
    static let clearToEnd = "\u{1B}[J"
    /// Cursor to the top-left corner, then the whole screen cleared: a fresh start after a resize,
    /// when the terminal may have re-wrapped the old frame and its line count is unknown.
    static let homeAndClearScreen = "\u{1B}[H\u{1B}[2J"

    /// Synchronized output (DEC private mode 2026): the terminal holds what follows and paints it
    /// at once on `endSynchronizedUpdate`, so a frame never shows half drawn. Among those that
    /// honour it: kitty, WezTerm, foot, Alacritty, iTerm2, Ghostty, Contour and Windows Terminal.
    /// A terminal without it (xterm, the Linux console) ignores the unknown private mode, and the
    /// frame still goes out in one write.
    static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    static let endSynchronizedUpdate = "\u{1B}[?2026l"

    /// Up `lines` lines, then to the start of the line.
    static func cursorUp(_ lines: Int) -> String {
        lines > 0 ? "\u{1B}[\(lines)A\r" : "\r"
    }
}
