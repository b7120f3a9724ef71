/// The rules a connection's time is held to, with no I/O and no clock: whoever drives the
/// connection says what happened and when (as the time since the connection started), and the
/// machine says when the connection must fail and why, and when it is over.
///
/// It exists so that the rules (the idle timeout, the deadline of a handshake, a slow reader's
/// stall, the rate limit, the linger of a close) are one thing tested with a manual clock, apart
/// from the poller that reads and writes the sockets.
///
/// - `open`: the peer must send a complete frame within `idleTimeout` of the last one (time the
///   reader is behind does not count: the socket is not read then), must not send more than
///   `rateLimit` in a second, and the connection must not outlive `deadline`. Bytes queued for
///   the peer must move within `idleTimeout`, or the peer has stopped reading.
/// - `closing(until:)`: the connection failed or was closed; it drains input until `until` so
///   that its last frames reach the peer instead of being cut by a reset.
/// - `closed`: its descriptor can go.
struct TCPConnectionMachine: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        case open
        case closing(until: Duration)
        case closed
    }

    /// How long a closing connection keeps draining input.
    static let linger = Duration.seconds(1)

    private(set) var phase = Phase.open
    /// How long the peer may go without a complete frame, and queued bytes without moving.
    var idleTimeout: Duration
    /// How much the peer may send per second; nil for no limit.
    var rateLimit: TCPRateLimit?
    /// When the connection must be over (since its start), unless lifted; nil for none.
    var deadline: Duration?
    /// The last complete frame, or the last moment the reader was behind.
    private var lastFrame = Duration.zero
    /// When the oldest queued write was queued (or the last one before it completed).
    private(set) var stalledSince: Duration?
    private var window = TCPRateWindow()

    init(idleTimeout: Duration, rateLimit: TCPRateLimit?, deadline: Duration?) {
        self.idleTimeout = idleTimeout
        self.rateLimit = rateLimit
        self.deadline = deadline
    }

    /// The reader holds as many frames as it may: the socket is not read, so the peer's silence
    /// counts only from when it is read again.
    mutating func readerBehind(at now: Duration) {
        lastFrame = max(lastFrame, now)
    }

    /// `bytes` arrived at `now`, completing `frames` frames: fails a peer over the rate limit.
    mutating func received(bytes: Int, frames: Int, at now: Duration) -> TCPConnectionClosed.Cause? {
        guard phase == .open else { return nil }
        if let rateLimit, window.add(bytes: bytes, frames: frames, at: now, limit: rateLimit) {
            return .flooded(rateLimit)
        }
        if frames > 0 { lastFrame = max(lastFrame, now) }
        return nil
    }

    /// Bytes of a protocol that frames by itself arrived (`TCPFraming.chunks`): any byte counts
    /// as the peer's sign of life, and no rate is held.
    mutating func heard(at now: Duration) {
        if phase == .open { lastFrame = max(lastFrame, now) }
    }

    /// Bytes were queued for the peer at `now` because the socket could not take them.
    mutating func queued(at now: Duration) {
        if stalledSince == nil { stalledSince = now }
    }

    /// A queued write was written whole at `now`; `more` says whether others still wait.
    mutating func wrote(more: Bool, at now: Duration) {
        stalledSince = more ? now : nil
    }

    /// What the clock says at `now`: the failure that is due, if any, while open; a closing
    /// connection whose linger has passed becomes closed.
    mutating func tick(at now: Duration) -> TCPConnectionClosed.Cause? {
        switch phase {
        case .open:
            if let deadline, now >= deadline { return .deadline(seconds: deadline.secondsValue) }
            if now >= lastFrame + idleTimeout { return .idleTimeout(seconds: idleTimeout.secondsValue) }
            if let stalledSince, now >= stalledSince + idleTimeout { return .sendStalled(seconds: idleTimeout.secondsValue) }
            return nil
        case .closing(let until):
            if now >= until { phase = .closed }
            return nil
        case .closed:
            return nil
        }
    }

    /// Starts closing at `now`: lingering when the peer can still read our last bytes, at once
    /// when it is gone (or the close is an abort). Queued writes are dropped by the caller.
    mutating func close(at now: Duration, linger: Bool) {
        stalledSince = nil
        switch phase {
        case .open: phase = linger ? .closing(until: now + Self.linger) : .closed
        case .closing where !linger: phase = .closed
        case .closing, .closed: break
        }
    }

    /// When `tick` must next be called, nil when never.
    var nextWake: Duration? {
        switch phase {
        case .open:
            var wake = lastFrame + idleTimeout
            if let stalledSince { wake = min(wake, stalledSince + idleTimeout) }
            if let deadline { wake = min(wake, deadline) }
            return wake
        case .closing(let until):
            return until
        case .closed:
            return nil
        }
    }
}
