import MateRunDomain

/// The protocol's durations, and the clock they are measured on, as values that pairing and
/// links read: the program uses the numbers of `MateProtocol` on the system's clock; tests shrink
/// them, or drive a manual clock so that a 30 s bound passes without waiting.
package struct MateTimings: Sendable {
    /// What time it is, and how to wait.
    package var clock: MateClock = .continuous
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
