import MateRunDomain
import MateRunSocket

/// The numbers both sides of a pairing must agree on; PROTOCOL.md explains each one.
///
/// Durations are in seconds (as `Double`) of wall-clock time: a connection's deadlines do not
/// speed up with the replay.
package enum MateProtocol {
    /// Sent in `hello`; a host refuses any other with `.version`.
    package static let version = 1
    /// The longest frame accepted, in bytes, not counting its newline.
    package static let maxFrameBytes = 16_384
    /// After this long with nothing sent, a side sends a `heartbeat`.
    package static let heartbeatInterval = 1.0
    /// After this long with nothing received, the mate is shown as silent ("last seen N s ago").
    package static let silentAfter = MatePresence.silentAfter
    /// After this long without a complete frame, a connection is closed as dead (`timeout`).
    package static let connectionIdleTimeout = 10.0
    /// After this long without a connection, the mate is lost: the run finishes solo.
    package static let lostAfter = MatePresence.lostAfter
    /// A connection must get through its handshake (`hello` to `start`, or a resume's `hello` to
    /// `welcome`) within this long, counted from the TCP connection's start: frames of any kind
    /// do not extend it.
    package static let handshakeTimeout = 5.0
    /// What a peer may send per second before it is paired: a handshake is a handful of frames.
    package static let handshakeRateLimit = TCPRateLimit(bytesPerSecond: 65_536, framesPerSecond: 32)
    /// What a paired peer may send per second: an honest side sends at most about 1 000
    /// `progress` frames a second (`MatePairRules.progressInterval`), about 130 bytes each.
    package static let pairedRateLimit = TCPRateLimit(bytesPerSecond: 4 << 20, framesPerSecond: 20_000)
    /// A connect attempt gives up after this long.
    package static let connectTimeout = 5.0
    /// The countdown the host announces in `start` (before its round-trip correction).
    package static let startCountdown = 3.0
    /// How many `ping`s the host sends before `start` to measure the round trip.
    package static let rttPingCount = 3
    /// The joiner's first reconnect delay; it doubles after each failure up to `reconnectMaxDelay`.
    package static let reconnectInitialDelay = 0.25
    package static let reconnectMaxDelay = 4.0
    /// Wrong codes allowed from one address before the host refuses it with `.throttled`.
    package static let wrongCodesBeforeThrottle = 3
    /// Connections that have not said `hello` a host keeps at once; a new one closes the oldest.
    /// Each costs a thread and three descriptors: 64 stay far below a 1,024-descriptor limit.
    package static let maxUnpairedConnections = 64
    /// Connections the kernel queues for the host before it accepts them.
    package static let listenBacklog: Int32 = 128
    /// The host logs each kind of refusal once per this many seconds, with a count of the rest.
    package static let noticeInterval = 10.0
    /// Wrong codes from all addresses together that may come at once (`WrongCodeRate`) ...
    package static let wrongCodeBurst = 20
    /// ... and then one more every this many seconds (10 a minute).
    package static let wrongCodeRefillSeconds = 6.0
    /// The first throttling period; it doubles with each further wrong code up to `throttleMaxPeriod`.
    package static let throttleInitialPeriod = 5.0
    package static let throttleMaxPeriod = 60.0
}
