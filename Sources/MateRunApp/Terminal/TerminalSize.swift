#if canImport(Glibc)
import Glibc
#endif

/// The terminal's size in character cells, asked before each frame so that a resized window
/// redraws to its new size (and the panel never grows taller than the window: see
/// `TerminalRunView`).
struct TerminalSize: Equatable, Sendable {
    var columns: Int
    var rows: Int

    /// What a descriptor that cannot say its size is taken to be.
    static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size `TIOCGWINSZ` reports for `descriptor`; each unknown measure falls back alone.
    static func of(_ descriptor: Int32) -> TerminalSize {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return fallback }
        return TerminalSize(
            columns: size.ws_col > 0 ? Int(size.ws_col) : fallback.columns,
            rows: size.ws_row > 0 ? Int(size.ws_row) : fallback.rows)
    }
}
