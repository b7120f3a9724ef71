import MateRunDomain

/// Turns the summary of a finished run into the formatted `ResultState` the result views draw.
///
/// A run's result never changes once it exists, so this view model has no inputs: it formats once.
package struct ResultViewModel: Sendable {
    package let state: ResultState

    package init(summary: RunSummary, profile: RunnerProfile) {
        let snapshot = summary.snapshot
        var lines: [ResultState.Line] = [
            .init(label: "Distance", value: RunFormat.runDistance(metres: snapshot.distanceMetres, goalMetres: snapshot.goalMetres)),
            .init(label: "Time", value: RunFormat.clockTime(seconds: snapshot.elapsedSeconds)),
            .init(label: "Moving", value: RunFormat.clockTime(seconds: snapshot.movingSeconds)),
            .init(label: "Calories", value: RunFormat.kilocalories(snapshot.caloriesKilocalories)),
            .init(label: "Avg pace", value: RunFormat.pace(secondsPerKilometre: snapshot.averagePaceSecondsPerKilometre)),
            .init(label: "Climb", value: RunFormat.climb(metres: snapshot.elevationGainMetres)),
        ]
        if let goal = snapshot.goalMetres, goal > 0, goal.isFinite {
            lines.append(.init(label: "Goal", value: RunFormat.goal(metres: goal)))
        }
        if let average = RunFormat.wholeReading(summary.averageHeartRateBPM) {
            lines.append(.init(
                label: "Heart", value: RunFormat.heartRate(whole: average, zones: HeartRateZones(maxBPM: profile.maxHeartRateBPM))))
        }
        if let maximum = RunFormat.wholeReading(summary.maximumHeartRateBPM) {
            lines.append(.init(label: "Max heart", value: RunFormat.heartRate(whole: maximum)))
        }
        if let cadence = RunFormat.wholeReading(summary.averageCadenceSPM) {
            lines.append(.init(label: "Cadence", value: RunFormat.cadence(whole: cadence)))
        }
        lines.append(.init(label: "Ended", value: Self.endingText(summary.ending)))
        state = ResultState(
            ending: summary.ending,
            title: RunEndingWords.title(summary.ending),
            runnerName: RunFormat.displayName(profile.name, fallback: "runner"),
            lines: lines,
            leftOut: RunFormat.leftOut(summary.leftOut).map { .init(label: "Left out", value: $0) },
            splits: Self.rows(summary.splits, goalMetres: snapshot.goalMetres),
            laps: Self.lapRows(summary.laps))
    }

    static func endingText(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "goal reached"
        case .sensorsEnded: "scenario ended"
        case .receiverEnded: "ended by the receiver"
        case .stopped: "stopped by the runner"
        case .cancelled: "cancelled"
        case .endedByMate: "ended with the mate"
        }
    }

    /// The laps the runner marked, as split rows whose first column is the lap's distance.
    static func lapRows(_ laps: [Split]) -> [ResultState.SplitRow] {
        zip(rows(laps), laps).map { row, lap in
            var lapRow = row
            lapRow.kilometre = RunFormat.kilometreNumber(metres: lap.distanceMetres)
            lapRow.isFastest = false
            return lapRow
        }
    }

    /// The splits table: each split formatted, its speed against the fastest split's, and the
    /// fastest marked. A final partial split is marked only when there is no whole kilometre.
    static func rows(_ splits: [Split], goalMetres: Double? = nil) -> [ResultState.SplitRow] {
        let paces = splits.map { RunFormat.paceSeconds($0.paceSecondsPerKilometre) }
        let quickest = paces.compactMap { $0 }.min() ?? 0
        let whole = splits.indices.filter { splits[$0].distanceMetres >= 1000 - 0.5 }
        let candidates = whole.isEmpty ? Array(splits.indices) : whole
        let fastest = candidates.filter { paces[$0] != nil }.min { paces[$0] ?? 0 < paces[$1] ?? 0 }
        return splits.indices.map { index in
            let split = splits[index]
            return ResultState.SplitRow(
                kilometre: RunFormat.splitKilometre(index: split.index, distanceMetres: split.distanceMetres, goalMetres: goalMetres),
                pace: RunFormat.pace(secondsPerKilometre: split.paceSecondsPerKilometre),
                time: RunFormat.splitTime(seconds: split.movingSeconds),
                climb: RunFormat.climb(metres: split.elevationGainMetres),
                speedFraction: paces[index].map { Double(quickest) / Double($0) } ?? 0,
                isFastest: index == fastest && splits.count > 1)
        }
    }
}
