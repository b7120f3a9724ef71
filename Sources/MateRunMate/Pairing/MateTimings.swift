import MateRunDomain

/// The protocol's durations as values that pairing and links read, so that tests can shrink them
/// (a 30 s "lost" bound, a 1 s heartbeat) while the program uses the numbers of `MateProtocol`.
package struct MateTimings: Sendable {
    /// How long a connect attempt may take.
    package var connectTimeout: Duration = .seconds(MateProtocol.connectTimeout)
    /// How long each step of the handshake may wait for the next frame.
    package var handshakeTimeout: Duration = .seconds(MateProtocol.handshakeTimeout)
    /// After this long with nothing sent, a link sends a `heartbeat`.
    package var heartbeatInterval: Duration = .seconds(MateProtocol.heartbeatInterval)
    /// After this long without a complete frame, a paired connection is dead.
    package var idleTimeout: Duration = .seconds(MateProtocol.connectionIdleTimeout)
    /// After this long without a working connection, the mate is lost.
    package var lostAfter: Duration = .seconds(MateProtocol.lostAfter)
    /// The joiner's first reconnect delay, doubling after each failure up to `reconnectMaxDelay`.
    package var reconnectInitialDelay: Duration = .seconds(MateProtocol.reconnectInitialDelay)
    package var reconnectMaxDelay: Duration = .seconds(MateProtocol.reconnectMaxDelay)
    /// The countdown the host announces in `start`.
    package var startCountdown: Duration = .seconds(MateProtocol.startCountdown)

    package init() {}

    /// The numbers of PROTOCOL.md.
    package static let standard = MateTimings()
}
