import MateRunDomain

/// Turns the summary of a finished run into the formatted `ResultState` the result views draw.
///
/// A run's result never changes once it exists, so this view model has no inputs: it formats once.
package struct ResultViewModel: Sendable {
    package let state: ResultState

    package init(summary: RunSummary, profile: RunnerProfile) {
        let snapshot = summary.snapshot
        var lines: [ResultState.Line] = [
            .init(label: "Distance", value: RunFormat.kilometres(metres: snapshot.distanceMetres)),
            .init(label: "Time", value: RunFormat.clockTime(seconds: snapshot.elapsedSeconds)),
            .init(label: "Moving", value: RunFormat.clockTime(seconds: snapshot.movingSeconds)),
            .init(label: "Calories", value: RunFormat.kilocalories(snapshot.caloriesKilocalories)),
            .init(label: "Avg pace", value: RunFormat.pace(secondsPerKilometre: snapshot.averagePaceSecondsPerKilometre)),
            .init(label: "Climb", value: RunFormat.climb(metres: snapshot.elevationGainMetres)),
        ]
        if let goal = snapshot.goalMetres, goal > 0, goal.isFinite {
            lines.append(.init(label: "Goal", value: RunFormat.kilometres(metres: goal)))
        }
        lines.append(.init(label: "Ended", value: Self.endingText(summary.ending)))
        state = ResultState(
            ending: summary.ending,
            title: Self.title(summary.ending),
            runnerName: RunFormat.displayName(profile.name, fallback: "runner"),
            lines: lines,
            splits: summary.splits.map(Self.row))
    }

    static func title(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "Goal reached"
        case .sensorsEnded: "Run ended"
        case .stopped: "Run stopped"
        case .cancelled: "Run cancelled"
        case .endedByMate: "Run over"
        }
    }

    static func endingText(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "goal reached"
        case .sensorsEnded: "scenario ended"
        case .stopped: "stopped by the runner"
        case .cancelled: "cancelled"
        case .endedByMate: "ended with the mate"
        }
    }

    static func row(_ split: Split) -> ResultState.SplitRow {
        ResultState.SplitRow(
            kilometre: RunFormat.splitKilometre(index: split.index, distanceMetres: split.distanceMetres),
            pace: RunFormat.pace(secondsPerKilometre: split.paceSecondsPerKilometre),
            time: RunFormat.clockTime(seconds: split.movingSeconds),
            climb: RunFormat.climb(metres: split.elevationGainMetres))
    }
}
