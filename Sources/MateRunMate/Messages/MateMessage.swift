import MateRunDomain

/// Every message of the mate protocol (PROTOCOL.md), as values: what `MateWireCodec` encodes
/// and decodes.
///
/// The pair's rules see only the `progress` and `state` updates (`MateUpdate`); the handshake,
/// pings, heartbeats and goodbyes stay in this target.
package enum MateMessage: Sendable, Equatable {
    /// Joiner → host, first frame on every connection: who I am and the pairing code I was given.
    case hello(MateHello)
    /// Host → joiner: the code was right; this is the session (new or resumed).
    case welcome(MateWelcome)
    /// Host → joiner: pairing refused; the host closes the connection after this frame.
    case refused(MateRefusal)
    /// Host → joiner, after `welcome` on a new session: what the pair is about to run.
    case terms(MateTerms)
    /// Joiner → host: the terms are agreed.
    case accept
    /// Either way: asks for a `pong` with the same id, to measure the round trip.
    case ping(id: Int)
    /// The answer to `ping`, carrying its id back.
    case pong(id: Int)
    /// Host → joiner: the run starts this many milliseconds after this frame arrives.
    case start(inMilliseconds: Int)
    /// Either way: the sender's run as it stands now.
    case progress(MateProgress)
    /// Either way, sent at once: the sender's run paused, resumed, finished or was cancelled.
    case state(seq: Int, MateStateChange)
    /// Either way, after a second with nothing else to say: "still here"; `seq` is the latest
    /// sequence number the sender has used, nil before its first `progress` or `state`.
    case heartbeat(seq: Int?)
    /// Either way: the sender is closing the connection, and why.
    case bye(MateGoodbye)
}

/// The joiner's introduction: protocol version, display name, pairing code, and, when coming back
/// after a dropped connection, which session it resumes.
package struct MateHello: Sendable, Equatable {
    package var version: Int
    package var name: String
    package var code: String
    /// Set on a reconnect; nil when pairing for the first time.
    package var resume: MateResume?
    /// The joiner's sport, which its figures are held to (`running` when absent on the wire).
    package var sport: Sport

    package init(
        version: Int = MateProtocol.version, name: String, code: String, resume: MateResume? = nil, sport: Sport = .running
    ) {
        self.version = version
        self.name = name
        self.code = code
        self.resume = resume
        self.sport = sport
    }
}

/// What a reconnecting side says about the session it was in, so that the pair picks up where
/// the connection dropped and nothing is counted twice.
package struct MateResume: Sendable, Equatable {
    /// The id the host gave in its first `welcome`.
    package var sessionID: String
    /// The highest `seq` received from the mate so far, 0 when nothing was received.
    package var lastReceivedSeq: Int

    package init(sessionID: String, lastReceivedSeq: Int) {
        self.sessionID = sessionID
        self.lastReceivedSeq = lastReceivedSeq
    }
}

/// The host's acceptance of a `hello`.
package struct MateWelcome: Sendable, Equatable {
    /// Names the pairing; a reconnecting joiner quotes it in `hello.resume`.
    package var sessionID: String
    /// The host runner's display name.
    package var name: String
    /// Set when this welcome resumes a session: the highest `seq` the host received from the
    /// joiner. Nil for a new session, which continues with `terms`.
    package var resumedLastReceivedSeq: Int?
    /// The host's sport, which its figures are held to (`running` when absent on the wire).
    package var sport: Sport

    package init(sessionID: String, name: String, resumedLastReceivedSeq: Int? = nil, sport: Sport = .running) {
        self.sessionID = sessionID
        self.name = name
        self.resumedLastReceivedSeq = resumedLastReceivedSeq
        self.sport = sport
    }
}

extension MateMessage {
    /// The message that carries `update`.
    package init(_ update: MateUpdate) {
        switch update {
        case .progress(let progress): self = .progress(progress)
        case .state(let seq, let state): self = .state(seq: seq, state)
        }
    }
}
