/// The numbers both sides of a pairing must agree on; PROTOCOL.md explains each one.
///
/// Durations are in seconds (as `Double`) like the rest of Domain's run time.
public enum MateProtocol {
    /// Sent in `hello`; a host refuses any other with `.version`.
    public static let version = 1
    /// The longest frame accepted, in bytes, not counting its newline.
    public static let maxFrameBytes = 16_384
    /// After this long with nothing sent, a side sends a `heartbeat`.
    public static let heartbeatInterval = 1.0
    /// After this long with nothing received, the mate is shown as silent ("last seen N s ago").
    public static let silentAfter = 5.0
    /// After this long without a complete frame, a connection is closed as dead (`timeout`).
    public static let connectionIdleTimeout = 10.0
    /// After this long without a connection, the mate is lost: the run finishes solo.
    public static let lostAfter = 30.0
    /// A connection must get through `hello` → `welcome` within this long.
    public static let handshakeTimeout = 5.0
    /// A connect attempt gives up after this long.
    public static let connectTimeout = 5.0
    /// The countdown the host announces in `start` (before its round-trip correction).
    public static let startCountdown = 3.0
    /// How many `ping`s the host sends before `start` to measure the round trip.
    public static let rttPingCount = 3
    /// The joiner's first reconnect delay; it doubles after each failure up to `reconnectMaxDelay`.
    public static let reconnectInitialDelay = 0.25
    public static let reconnectMaxDelay = 4.0
    /// Wrong codes allowed from one address before the host refuses it with `.throttled`.
    public static let wrongCodesBeforeThrottle = 3
    /// The first throttling period; it doubles with each further wrong code up to `throttleMaxPeriod`.
    public static let throttleInitialPeriod = 5.0
    public static let throttleMaxPeriod = 60.0
}
