import Foundation
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

extension Fixtures {
    /// Mid-run with every reading a watch has: heart rate, cadence, elevation and grade.
    static var withReadings: RunSnapshot {
        var snapshot = midRun
        snapshot.heartRateBPM = 152.4
        snapshot.cadenceSPM = 171.6
        snapshot.elevationMetres = 48.2
        snapshot.gradePercent = 3.6
        return snapshot
    }

    /// Mid-run in the third of eight intervals, 42 s before a walk to recover.
    static var inInterval: RunSnapshot {
        var snapshot = withReadings
        snapshot.workout = WorkoutPosition(
            index: 6, count: 17,
            step: Workout.Step(
                activity: .running, durationSeconds: 120, repetition: .init(index: 3, count: 8), intent: .work,
                targetPaceSecondsPerKilometre: 260),
            remainingSeconds: 41.3, remainingMetres: nil,
            next: Workout.Step(
                activity: .walking, durationSeconds: 60, repetition: .init(index: 3, count: 8), intent: .recovery,
                targetPaceSecondsPerKilometre: 690))
        return snapshot
    }

    /// Mid-run with no fix for a while: distance held, time running.
    static var gpsLost: RunSnapshot {
        var snapshot = withReadings
        snapshot.gpsOK = false
        snapshot.currentPaceSecondsPerKilometre = nil
        return snapshot
    }

    /// A 5 km loop run in 25 minutes, a point every 5 s: an oval route, two hills, a pace that
    /// swings by a few seconds a kilometre. Made from formulas, so every test draws the same.
    static let trace: RunTrace = {
        var trace = RunTrace()
        var distance = 0.0
        for step in 0...300 {
            let seconds = Double(step) * 5
            let turn = distance / 5000 * 2 * Double.pi
            trace.record(RunSnapshot(
                elapsedSeconds: seconds, movingSeconds: seconds, distanceMetres: distance,
                position: Coordinate(latitude: 52.5 + 0.004 * sin(turn), longitude: 13.4 + 0.009 * cos(turn)),
                elevationMetres: 40 + 25 * sin(2 * turn)))
            distance = min(5000, distance + 5 * (3.33 + 0.35 * sin(Double(step) / 25)))
        }
        return trace
    }()

    /// `trace` with a mate who fell behind and ended at 4.4 km.
    static let pairTrace: RunTrace = {
        var trace = Fixtures.trace
        for step in 0...150 {
            let seconds = Double(step) * 10
            trace.recordMate(name: "Bob", elapsedSeconds: seconds, distanceMetres: seconds * 2.95)
        }
        return trace
    }()
}
