/// The record of a paired run: the own run, the mate's final figures, and the result that both
/// sides agree on when they could exchange their finishes.
public struct MateRunSummary: Sendable, Equatable {
    public var terms: MateTerms
    public var own: RunSummary
    public var mate: MateFinalFigures
    public var result: MateResult
    /// The race winner, when there is one; nil in a team run.
    public var winner: MateRole?
    /// The own share of the pair's distance in percent (team runs); the two sides' shares add up
    /// to 100 because both use the two figures exchanged in `state finished`.
    public var ownSharePercent: Double?

    public init(
        terms: MateTerms, own: RunSummary, mate: MateFinalFigures, result: MateResult, winner: MateRole?,
        ownSharePercent: Double?
    ) {
        self.terms = terms
        self.own = own
        self.mate = mate
        self.result = result
        self.winner = winner
        self.ownSharePercent = ownSharePercent
    }
}

/// The mate's figures at the end: final when its `state finished` arrived, otherwise the latest
/// progress this side received.
public struct MateFinalFigures: Sendable, Equatable {
    public var name: String
    public var distanceMetres: Double
    public var elapsedSeconds: Double
    /// Whether the figures come from the mate's own `state finished`.
    public var final: Bool
    /// Whether the mate was still reachable at the end (not lost).
    public var connected: Bool

    public init(name: String, distanceMetres: Double, elapsedSeconds: Double, final: Bool, connected: Bool) {
        self.name = name
        self.distanceMetres = distanceMetres
        self.elapsedSeconds = elapsedSeconds
        self.final = final
        self.connected = connected
    }
}

/// How a paired run ended for this side, as a stable word (for JSON output and messages).
public enum MateResult: String, Sendable, Equatable, CaseIterable {
    /// Race: this side won.
    case won
    /// Race: the mate won.
    case lost
    /// Team: the pair's distance reached the goal.
    case teamFinished = "team_finished"
    /// The mate cancelled its run; this side finished solo.
    case mateCancelled = "mate_cancelled"
    /// The mate was lost (connection gone, or silent while this side waited for its finish);
    /// this side finished solo.
    case mateLost = "mate_lost"
    /// This runner stopped the run.
    case cancelled
    /// Both runs ended without reaching the goal.
    case soloFinished = "solo_finished"
}
