/// What a link to the mate reports: the mate's messages, and what happens to the connection.
public enum MateLinkEvent: Sendable, Equatable {
    /// A message from the mate (never `hello`/`welcome`/`terms`/`start`: pairing consumed those;
    /// never `heartbeat`: the link handles it, though it counts as a sign of life and is reported
    /// as `.alive`).
    case message(MateMessage)
    /// The mate is there but had nothing to say (a heartbeat arrived).
    case alive
    /// The connection dropped; the link is restoring it (the joiner reconnects, the host waits).
    case interrupted(reason: String)
    /// The connection is back, same session; both sides resend their latest state.
    case restored
    /// The mate is gone for good: it said goodbye, or the link gave up. Nothing follows.
    case lost(reason: MateReason, detail: String)
}

/// A paired connection to the mate that survives reconnects.
///
/// The mate run use case talks through this protocol only, so the race and team rules are tested
/// with an in-memory fake; Data provides the TCP link, which also sends heartbeats when there is
/// nothing else to say.
public protocol MateLink: Sendable {
    /// Events from the link, in order, with a single consumer. Ends after `.lost` or `close`.
    var events: AsyncStream<MateLinkEvent> { get }
    /// Sends a message. While interrupted, the latest `progress` is kept and every `state` is
    /// queued, and both are sent when the connection is restored. Never throws: a link that is
    /// lost drops what it is given.
    func send(_ message: MateMessage) async
    /// Says goodbye (best effort, bounded) and closes. Idempotent.
    func close(_ goodbye: MateGoodbye) async
}

/// Which side of the pair this instance is: the host listens and sets the terms.
public enum MateRole: String, Sendable, Equatable {
    case host
    case joiner
}

/// The outcome of pairing: who the mate is, what was agreed, and when the run starts.
public struct MatePairing: Sendable {
    public var role: MateRole
    public var mateName: String
    public var terms: MateTerms
    /// Wall-clock seconds from the moment pairing returned until the agreed start: the countdown.
    public var secondsUntilStart: Double
    public var link: any MateLink

    public init(role: MateRole, mateName: String, terms: MateTerms, secondsUntilStart: Double, link: any MateLink) {
        self.role = role
        self.mateName = mateName
        self.terms = terms
        self.secondsUntilStart = secondsUntilStart
        self.link = link
    }
}
