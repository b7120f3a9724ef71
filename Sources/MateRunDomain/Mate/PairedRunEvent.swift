/// What a paired run publishes as it unfolds: the own run, the mate as this side sees it, and
/// last the pair's result.
///
/// One stream carries all three so that a view shows them in the order they happened.
package enum PairedRunEvent: Sendable, Equatable {
    /// An event of the own run, passed through: progress, split, paused, resumed. The own
    /// `.finished` is not passed through; `.finished(PairedRunSummary)` replaces it.
    case run(RunEvent)
    /// The mate's picture changed: new figures, the freshness of the last news, the connection.
    case mate(MateView)
    /// The pair's result; nothing follows this event.
    case finished(PairedRunSummary)
}

/// The mate as this side sees it, ready to draw beside the own run.
package struct MateView: Sendable, Equatable {
    package var name: String
    package var mode: MateMode
    /// The race goal (each runner's) or the team goal (the pair's sum).
    package var goalMetres: Double
    package var distanceMetres: Double
    package var elapsedSeconds: Double
    package var phase: MatePhase
    package var connection: MateConnection
    /// Whole seconds since anything was heard from the mate; nil while the connection is fresh.
    package var lastSeenSecondsAgo: Double?
    /// Own distance minus the mate's: positive when this side leads (what a race shows).
    package var leadMetres: Double
    /// Own distance plus the mate's (what a team run shows against the goal).
    package var combinedMetres: Double
    /// Why the mate's figures were refused; nil while they are believed.
    package var implausible: String?

    package init(
        name: String, mode: MateMode, goalMetres: Double, distanceMetres: Double, elapsedSeconds: Double,
        phase: MatePhase, connection: MateConnection, lastSeenSecondsAgo: Double?, leadMetres: Double,
        combinedMetres: Double, implausible: String? = nil
    ) {
        self.name = name
        self.mode = mode
        self.goalMetres = goalMetres
        self.distanceMetres = distanceMetres
        self.elapsedSeconds = elapsedSeconds
        self.phase = phase
        self.connection = connection
        self.lastSeenSecondsAgo = lastSeenSecondsAgo
        self.leadMetres = leadMetres
        self.combinedMetres = combinedMetres
        self.implausible = implausible
    }
}

/// Where the mate's run stands, as its `state` messages said.
package enum MatePhase: String, Sendable, Equatable {
    case running
    /// Auto-paused.
    case paused
    /// Its run is over; its figures are final.
    case finished
    /// The mate stopped its run early or quit.
    case cancelled
}

/// How fresh the news from the mate is.
package enum MateConnection: String, Sendable, Equatable {
    /// Heard from within `MatePresence.silentAfter` seconds.
    case connected
    /// Connected, but nothing heard for `MatePresence.silentAfter` seconds: "last seen N s ago".
    case silent
    /// The connection dropped and the link is restoring it.
    case reconnecting
    /// The mate said goodbye after its run was over.
    case closed
    /// Gone for good (the link gave up, or nothing heard for `MatePresence.lostAfter` seconds):
    /// the own run goes on and finishes solo.
    case lost
}
