/// How a run ended, as the run flow hands it to the recording when it is over.
package struct RunRecordOutcome: Sendable, Equatable {
    package var figures: RunFigures
    package var splits: [Split]
    package var ending: RunRecordEnding
    /// The paired result, for a run with a mate.
    package var mate: RecordedMateResult?

    package init(figures: RunFigures, splits: [Split], ending: RunRecordEnding, mate: RecordedMateResult? = nil) {
        self.figures = figures
        self.splits = splits
        self.ending = ending
        self.mate = mate
    }

    /// The outcome of a solo run from its summary.
    package init(_ summary: RunSummary) {
        self.init(figures: RunFigures(summary.snapshot), splits: summary.splits, ending: RunRecordEnding(summary.ending))
    }

    /// The outcome of a paired run from its summary.
    package init(_ summary: MateRunSummary) {
        self.init(
            figures: RunFigures(summary.own.snapshot), splits: summary.own.splits,
            ending: RunRecordEnding(summary.own.ending),
            mate: RecordedMateResult(
                result: summary.result, mateDistanceMetres: summary.mate.distanceMetres,
                mateElapsedSeconds: summary.mate.elapsedSeconds
            )
        )
    }
}

/// The end of a paired run: the result both sides agreed on and the mate's last figures.
package struct RecordedMateResult: Sendable, Equatable {
    package var result: MateResult
    package var mateDistanceMetres: Double
    package var mateElapsedSeconds: Double

    package init(result: MateResult, mateDistanceMetres: Double, mateElapsedSeconds: Double) {
        self.result = result
        self.mateDistanceMetres = mateDistanceMetres
        self.mateElapsedSeconds = mateElapsedSeconds
    }
}
