/// What a link to the mate reports: the mate's messages, and what happens to the connection.
package enum MateLinkEvent: Sendable, Equatable {
    /// An update from the mate, each at most once and in `seq` order (heartbeats, pings and the
    /// handshake are the link's business; a heartbeat is reported as `.alive`).
    case update(MateUpdate)
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
/// with an in-memory fake; MateRunMate provides the TCP link, which also sends heartbeats when
/// there is nothing else to say.
package protocol MateLink: Sendable {
    /// Events from the link, in order, with a single consumer. Ends after `.lost` or `close`.
    var events: AsyncStream<MateLinkEvent> { get }
    /// Sends an update. While interrupted, the latest `progress` is kept and every `state` is
    /// queued, and both are sent when the connection is restored. Never throws: a link that is
    /// lost drops what it is given.
    func send(_ update: MateUpdate) async
    /// Says goodbye (best effort, bounded) and closes. Idempotent.
    func close(_ goodbye: MateGoodbye) async
}

/// Which side of the pair this instance is: the host listens and sets the terms.
package enum MateRole: String, Sendable, Equatable {
    case host
    case joiner
}

/// The outcome of pairing: who the mate is, what was agreed, and when the run starts.
package struct MatePairing: Sendable {
    package var role: MateRole
    package var mateName: String
    package var terms: MateTerms
    /// Wall-clock seconds from the moment pairing returned until the agreed start: the countdown.
    package var secondsUntilStart: Double
    package var link: any MateLink
    /// The sport the mate declared, which its figures are held to (`MatePlausibility`).
    package var mateSport: Sport

    package init(
        role: MateRole, mateName: String, terms: MateTerms, secondsUntilStart: Double, link: any MateLink,
        mateSport: Sport = .running
    ) {
        self.role = role
        self.mateName = mateName
        self.terms = terms
        self.secondsUntilStart = secondsUntilStart
        self.link = link
        self.mateSport = mateSport
    }
}
