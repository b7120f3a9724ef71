import MateRunDomain

/// The protocol's durations as values that pairing and links read, so that tests can shrink them
/// (a 30 s "lost" bound, a 1 s heartbeat) while the program uses the numbers of `MateProtocol`.
public struct MateTimings: Sendable {
    /// How long a connect attempt may take.
    public var connectTimeout: Duration = .seconds(MateProtocol.connectTimeout)
    /// How long each step of the handshake may wait for the next frame.
    public var handshakeTimeout: Duration = .seconds(MateProtocol.handshakeTimeout)
    /// After this long with nothing sent, a link sends a `heartbeat`.
    public var heartbeatInterval: Duration = .seconds(MateProtocol.heartbeatInterval)
    /// After this long without a complete frame, a paired connection is dead.
    public var idleTimeout: Duration = .seconds(MateProtocol.connectionIdleTimeout)
    /// After this long without a working connection, the mate is lost.
    public var lostAfter: Duration = .seconds(MateProtocol.lostAfter)
    /// The joiner's first reconnect delay, doubling after each failure up to `reconnectMaxDelay`.
    public var reconnectInitialDelay: Duration = .seconds(MateProtocol.reconnectInitialDelay)
    public var reconnectMaxDelay: Duration = .seconds(MateProtocol.reconnectMaxDelay)
    /// The countdown the host announces in `start`.
    public var startCountdown: Duration = .seconds(MateProtocol.startCountdown)

    public init() {}

    /// The numbers of PROTOCOL.md.
    public static let standard = MateTimings()
}
