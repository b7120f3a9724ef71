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

    package init(idleTimeout: Duration, maxFrameBytes: Int, farewell: @escaping TCPFarewell = { _ in nil }) {
        self.idleTimeout = idleTimeout
        self.maxFrameBytes = maxFrameBytes
        self.farewell = farewell
    }
}
