#if canImport(Glibc)
import Glibc
#endif

/// The terminal's width, asked each time so that a resized window redraws to its new size.
enum TerminalSize {
    static let fallbackWidth = 80

    static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return fallbackWidth }
        return Int(size.ws_col)
    }
}
