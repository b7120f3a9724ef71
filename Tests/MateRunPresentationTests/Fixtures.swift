import MateRunDomain
@testable import MateRunPresentation

/// Runs and states shared by the tests, with round numbers that are easy to check by eye.
enum Fixtures {
    static let alice = RunnerProfile(name: "Alice", weightKilograms: 62.5)

    /// 12 min 31 s in, 2.41 km of 5 km, a few seconds of auto-pause behind.
    static let midRun = RunSnapshot(
        elapsedSeconds: 751.4, movingSeconds: 725.9, distanceMetres: 2414.7, caloriesKilocalories: 163.8,
        currentPaceSecondsPerKilometre: 312.2, elevationGainMetres: 18.6, isPaused: false, goalMetres: 5000)

    static let secondSplit = Split(
        index: 2, distanceMetres: 1000, movingSeconds: 303.4, endElapsedSeconds: 610.2, elevationGainMetres: 12.2)

    static let summarySplits = [
        Split(index: 1, distanceMetres: 1000, movingSeconds: 312.4, endElapsedSeconds: 315.0, elevationGainMetres: 6.1),
        secondSplit,
        Split(index: 3, distanceMetres: 1000, movingSeconds: 298.9, endElapsedSeconds: 915.3, elevationGainMetres: 0),
        Split(index: 4, distanceMetres: 1000, movingSeconds: 305.0, endElapsedSeconds: 1221.0, elevationGainMetres: 21.4),
        Split(index: 5, distanceMetres: 1000, movingSeconds: 290.2, endElapsedSeconds: 1511.9, elevationGainMetres: 2.0),
        Split(index: 6, distanceMetres: 430, movingSeconds: 129.1, endElapsedSeconds: 1641.0, elevationGainMetres: 0),
    ]

    /// 5.43 km with no goal, ended by the scenario.
    static let summary = RunSummary(
        snapshot: RunSnapshot(
            elapsedSeconds: 1641.0, movingSeconds: 1639.0, distanceMetres: 5430.4, caloriesKilocalories: 371.2,
            currentPaceSecondsPerKilometre: 300.1, elevationGainMetres: 41.7, isPaused: false, goalMetres: nil),
        splits: summarySplits, ending: .sensorsEnded)

    /// The live state after a start, a split and a progress event.
    static func runningState(snapshot: RunSnapshot = midRun, mate: MateStatus? = nil) -> RunningViewModel.State {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: alice, goalMetres: 5000))
        viewModel.send(.event(.split(secondSplit)))
        if let mate { viewModel.send(.mate(mate)) }
        return viewModel.send(.event(snapshot.isPaused ? .paused(snapshot, by: .auto) : .progress(snapshot)))
    }

    static let raceMate = MateStatus(
        name: "Bob", distanceMetres: 2374.2, goalMetres: 5000, lastSeenSecondsAgo: 7.4, isConnected: true,
        leadMetres: 40.5, mode: .race)

    static let teamMate = MateStatus(
        name: "민수", distanceMetres: 3102.9, goalMetres: 10_000, lastSeenSecondsAgo: 1, isConnected: false,
        leadMetres: 0, mode: .team)
}
