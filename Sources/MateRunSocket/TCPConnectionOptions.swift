/// Builds the last frame a failing connection sends, from why it fails; nil sends nothing.
package typealias TCPFarewell = @Sendable (TCPConnectionClosed) -> [UInt8]?

/// How a connection frames and times out, chosen by whoever opens or accepts it.
package struct TCPConnectionOptions: Sendable {
    /// How long the peer may go without sending a complete frame before the connection closes.
    package var idleTimeout: Duration
    /// The longest frame accepted, without its newline.
    package var maxFrameBytes: Int
    /// The frame sent to a peer that broke the rules (bad frame, timeout) before closing.
    package var farewell: TCPFarewell
    /// How much the peer may send per second; nil for no limit.
    package var rateLimit: TCPRateLimit?
    /// How long the whole connection may last, counted from its start, whatever the peer sends,
    /// until `TCPConnection.clearDeadline()` lifts it (e.g. a handshake's); nil for none.
    package var deadline: Duration?
    /// How many received frames may wait for the reader before the socket is no longer read
    /// (`TCPFrames`).
    package var pendingFrameLimit: Int
    /// How received bytes become the connection's `frames`.
    package var framing: TCPFraming = .lines

    package init(
        idleTimeout: Duration, maxFrameBytes: Int, rateLimit: TCPRateLimit? = nil, deadline: Duration? = nil,
        pendingFrameLimit: Int = 256, farewell: @escaping TCPFarewell = { _ in nil }
    ) {
        self.idleTimeout = idleTimeout
        self.maxFrameBytes = maxFrameBytes
        self.rateLimit = rateLimit
        self.deadline = deadline
        self.pendingFrameLimit = pendingFrameLimit
        self.farewell = farewell
    }
}

/// How a connection cuts the received byte stream into the items of its `frames`.
package enum TCPFraming: Sendable, Equatable {
    /// Newline-delimited frames of at most `maxFrameBytes`, without their line ends; the idle
    /// timeout counts complete frames.
    case lines
    /// Bytes as they arrive, in chunks of any size, for a protocol that frames by itself (a
    /// length-prefixed payload may hold newlines); the idle timeout counts any received byte.
    case chunks
}
