import MateRunDomain

/// Builds the last frame a failing connection sends, from why it fails; nil sends nothing.
public typealias TCPFarewell = @Sendable (TCPConnectionClosed) -> [UInt8]?

/// How a connection frames and times out, chosen by whoever opens or accepts it.
public struct TCPConnectionOptions: Sendable {
    /// How long the peer may go without sending a complete frame before the connection closes.
    public var idleTimeout: Duration
    /// The longest frame accepted, without its newline.
    public var maxFrameBytes: Int
    /// The frame sent to a peer that broke the rules (bad frame, timeout) before closing.
    public var farewell: TCPFarewell

    public init(
        idleTimeout: Duration = .seconds(MateProtocol.connectionIdleTimeout),
        maxFrameBytes: Int = MateProtocol.maxFrameBytes,
        farewell: @escaping TCPFarewell = { _ in nil }
    ) {
        self.idleTimeout = idleTimeout
        self.maxFrameBytes = maxFrameBytes
        self.farewell = farewell
    }
}
