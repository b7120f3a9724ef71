/// How a run ended, as the run flow hands it to the recording when it is over.
package struct RunRecordOutcome: Sendable, Equatable {
    package var figures: RunFigures
    package var splits: [Split]
    package var ending: RunRecordEnding
    /// The paired result, for a run with a mate.
    package var mate: RecordedMateResult?
    /// Laps the runner marked by hand.
    package var laps: [Split]
    /// The body's figures while moving, when a sensor reported them.
    package var body: RecordedBodyFigures
    /// The group's result, for a group run.
    package var group: RecordedGroupResult?
    /// The race against a ghost, for a run that raced one (`--ghost`).
    package var ghost: GhostResult?
    /// What the tracker did not count (a drive, a jump); empty for a run that counted
    /// everything, and for a run kept before this was kept.
    package var leftOut: [LeftOutStretch]

    package init(
        figures: RunFigures, splits: [Split], ending: RunRecordEnding, mate: RecordedMateResult? = nil, laps: [Split] = [],
        body: RecordedBodyFigures = RecordedBodyFigures(), group: RecordedGroupResult? = nil, leftOut: [LeftOutStretch] = []
    ) {
        self.figures = figures
        self.splits = splits
        self.ending = ending
        self.mate = mate
        self.laps = laps
        self.body = body
        self.group = group
        self.leftOut = leftOut
    }

    /// The outcome of a solo run from its summary.
    package init(_ summary: RunSummary) {
        self.init(
            figures: RunFigures(summary.snapshot), splits: summary.splits, ending: RunRecordEnding(summary.ending),
            laps: summary.laps, body: RecordedBodyFigures(summary), leftOut: summary.leftOut)
    }

    /// The outcome of a paired run from its summary.
    package init(_ summary: PairedRunSummary) {
        self.init(
            figures: RunFigures(summary.own.snapshot), splits: summary.own.splits,
            ending: RunRecordEnding(summary.own.ending), mate: RecordedMateResult(summary), laps: summary.own.laps,
            body: RecordedBodyFigures(summary.own), leftOut: summary.own.leftOut)
    }
}

/// Heart rate and cadence over a run's moving time, as its summary gave them; nil where no
/// sensor reported.
package struct RecordedBodyFigures: Sendable, Equatable {
    package var averageHeartRateBPM: Double?
    package var maximumHeartRateBPM: Double?
    package var averageCadenceSPM: Double?

    package init(averageHeartRateBPM: Double? = nil, maximumHeartRateBPM: Double? = nil, averageCadenceSPM: Double? = nil) {
        self.averageHeartRateBPM = averageHeartRateBPM
        self.maximumHeartRateBPM = maximumHeartRateBPM
        self.averageCadenceSPM = averageCadenceSPM
    }

    package init(_ summary: RunSummary) {
        self.init(
            averageHeartRateBPM: summary.averageHeartRateBPM, maximumHeartRateBPM: summary.maximumHeartRateBPM,
            averageCadenceSPM: summary.averageCadenceSPM)
    }
}

/// The end of a paired run: the result both sides agreed on, the mate's last figures, and what
/// the run's summary said about them, so that `show` prints the same result again.
package struct RecordedMateResult: Sendable, Equatable {
    package var result: MateResult
    package var mateDistanceMetres: Double
    package var mateElapsedSeconds: Double
    /// The race winner; nil in a team run or a race nobody finished.
    package var winner: MateRole?
    /// The own share of the pair's distance in percent (team runs).
    package var ownSharePercent: Double?
    /// Why the result is what it is, when a claim decided it.
    package var resultReason: String?
    /// Whether the mate's figures are its own final ones.
    package var mateFinal: Bool
    /// Whether the mate was still reachable at the end.
    package var mateConnected: Bool

    package init(
        result: MateResult, mateDistanceMetres: Double, mateElapsedSeconds: Double, winner: MateRole? = nil,
        ownSharePercent: Double? = nil, resultReason: String? = nil, mateFinal: Bool = true, mateConnected: Bool = true
    ) {
        self.result = result
        self.mateDistanceMetres = mateDistanceMetres
        self.mateElapsedSeconds = mateElapsedSeconds
        self.winner = winner
        self.ownSharePercent = ownSharePercent
        self.resultReason = resultReason
        self.mateFinal = mateFinal
        self.mateConnected = mateConnected
    }

    /// What a paired run's summary says about the pair.
    package init(_ summary: PairedRunSummary) {
        self.init(
            result: summary.result, mateDistanceMetres: summary.mate.distanceMetres,
            mateElapsedSeconds: summary.mate.elapsedSeconds, winner: summary.winner,
            ownSharePercent: summary.ownSharePercent, resultReason: summary.resultReason,
            mateFinal: summary.mate.final, mateConnected: summary.mate.connected
        )
    }
}
