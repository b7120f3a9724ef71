extension RunRecordSummary {
    /// The run's summary as the tracker made it, so that `show` draws the result screen and the
    /// summary line the run ended with. `interrupted`, which the tracker has no word for, reads
    /// as `cancelled` here; the views name the kept ending themselves.
    package var runSummary: RunSummary {
        let figures = outcome.figures
        let snapshot = RunSnapshot(
            elapsedSeconds: figures.elapsedSeconds, movingSeconds: figures.movingSeconds,
            distanceMetres: figures.distanceMetres, caloriesKilocalories: figures.caloriesKilocalories,
            elevationGainMetres: figures.elevationGainMetres, goalMetres: header.goalMetres
        )
        return RunSummary(
            snapshot: snapshot, splits: outcome.splits, ending: outcome.ending.runEnding ?? .cancelled, laps: outcome.laps,
            averageHeartRateBPM: outcome.body.averageHeartRateBPM, maximumHeartRateBPM: outcome.body.maximumHeartRateBPM,
            averageCadenceSPM: outcome.body.averageCadenceSPM, leftOut: outcome.leftOut)
    }

    /// The paired run's summary, for a run kept with its mate's result; nil for a solo run or a
    /// paired run cut short before its result.
    package var pairSummary: PairedRunSummary? {
        guard let pairing = header.pairing, let mate = outcome.mate else { return nil }
        return PairedRunSummary(
            terms: MateTerms(mode: pairing.mode, goalMetres: header.goalMetres ?? 0),
            own: runSummary,
            mate: MateFinalFigures(
                name: pairing.mateName, distanceMetres: mate.mateDistanceMetres, elapsedSeconds: mate.mateElapsedSeconds,
                final: mate.mateFinal, connected: mate.mateConnected),
            result: mate.result, winner: mate.winner, ownSharePercent: mate.ownSharePercent,
            resultReason: mate.resultReason)
    }
}
