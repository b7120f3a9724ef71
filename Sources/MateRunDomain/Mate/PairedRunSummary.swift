/// The record of a paired run: the own run, the mate's final figures, and the result that both
/// sides agree on when they could exchange their finishes.
package struct PairedRunSummary: Sendable, Equatable {
    package var terms: MateTerms
    package var own: RunSummary
    package var mate: MateFinalFigures
    package var result: MateResult
    /// The race winner, when there is one; nil in a team run.
    package var winner: MateRole?
    /// The own share of the pair's distance in percent (team runs); the two sides' shares add up
    /// to 100 because both use the two figures exchanged in `state finished`.
    package var ownSharePercent: Double?
    /// Why the result is what it is, when a claim decided it: the verdict on the mate's figures
    /// (`mateImplausible`), or the mate's word on this side's (`disqualified`).
    package var resultReason: String?

    package init(
        terms: MateTerms, own: RunSummary, mate: MateFinalFigures, result: MateResult, winner: MateRole?,
        ownSharePercent: Double?, resultReason: String? = nil
    ) {
        self.terms = terms
        self.own = own
        self.mate = mate
        self.result = result
        self.winner = winner
        self.ownSharePercent = ownSharePercent
        self.resultReason = resultReason
    }
}

/// The mate's figures at the end: final when its `state finished` arrived, otherwise the latest
/// progress this side received.
package struct MateFinalFigures: Sendable, Equatable {
    package var name: String
    package var distanceMetres: Double
    package var elapsedSeconds: Double
    /// Whether the figures come from the mate's own `state finished`.
    package var final: Bool
    /// Whether the mate was still reachable at the end (not lost).
    package var connected: Bool

    package init(name: String, distanceMetres: Double, elapsedSeconds: Double, final: Bool, connected: Bool) {
        self.name = name
        self.distanceMetres = distanceMetres
        self.elapsedSeconds = elapsedSeconds
        self.final = final
        self.connected = connected
    }
}

/// How a paired run ended for this side, as a stable word (for JSON output and messages).
package enum MateResult: String, Sendable, Equatable, CaseIterable {
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
    /// The mate's figures broke the clock or what a runner can do (`MatePlausibility`): the mate
    /// cannot win, and this side finished solo (a race it finished at the goal is won).
    case mateImplausible = "mate_implausible"
    /// The mate refused this side's figures as implausible; this side finished solo.
    case disqualified
}
