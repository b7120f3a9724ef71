/// How much a peer may send per second, so that one connection cannot make us read and parse
/// without bound: a peer that sends more bytes or frames within one second is closed
/// (`TCPConnectionClosed.Cause.flooded`).
///
/// The window is a fixed second from the first bytes of the window; a burst of twice the limit
/// across a window boundary passes, which is enough to bound a flood.
package struct TCPRateLimit: Sendable, Equatable, CustomStringConvertible {
    package var bytesPerSecond: Int
    package var framesPerSecond: Int

    package init(bytesPerSecond: Int, framesPerSecond: Int) {
        self.bytesPerSecond = bytesPerSecond
        self.framesPerSecond = framesPerSecond
    }

    package var description: String {
        "\(bytesPerSecond) bytes or \(framesPerSecond) frames a second"
    }
}

/// Counts what a peer sent in the current one-second window (`TCPConnectionMachine`); times are
/// durations since the connection started.
struct TCPRateWindow: Sendable, Equatable {
    private var start: Duration?
    private var bytes = 0
    private var frames = 0

    /// Adds what arrived at `now`; returns whether `limit` is now exceeded.
    mutating func add(bytes received: Int, frames count: Int, at now: Duration, limit: TCPRateLimit) -> Bool {
        if let start, now - start < .seconds(1) {
            bytes += received
            frames += count
        } else {
            start = now
            bytes = received
            frames = count
        }
        return bytes > limit.bytesPerSecond || frames > limit.framesPerSecond
    }
}
