import MateRunDomain
@testable import MateRunPresentation
import Testing

@Suite("What runners notice: a reached goal reads as the goal, a partial kilometre as a partial, charts end at the distance shown")
struct WhatRunnersNoticeTests {
    /// A half marathon run to its goal: 21,097.5 m.
    static let halfMarathon = RunSummary(
        snapshot: RunSnapshot(
            elapsedSeconds: 7105, movingSeconds: 7105, distanceMetres: 21_097.5, goalMetres: 21_097.5),
        splits: (1...21).map { Split(index: $0, distanceMetres: 1000, movingSeconds: 336, endElapsedSeconds: Double($0) * 336, elevationGainMetres: 0) }
            + [Split(index: 22, distanceMetres: 97.5, movingSeconds: 49, endElapsedSeconds: 7105, elevationGainMetres: 0)],
        ending: .goalReached)

    @Test func aHalfMarathonReadsTwentyOnePointOneZeroWhenItsGoalIsReached() {
        // Given a half marathon run to its 21.10 km goal
        // When its result is formatted
        let lines = ResultViewModel(summary: Self.halfMarathon, profile: RunnerProfile(name: "Ana", weightKilograms: 60)).state.lines
        // Then its distance reads as its goal does
        #expect(lines.first { $0.label == "Distance" }?.value == "21.10 km")
        #expect(lines.first { $0.label == "Goal" }?.value == "21.10 km")
        // And the splits table's last, partial row ends where the distance reads
        let rows = ResultViewModel(summary: Self.halfMarathon, profile: RunnerProfile(name: "Ana", weightKilograms: 60)).state.splits
        #expect(rows.last?.kilometre == "21.10")
    }

    @Test func theLivePanelReadsTheGoalOnceReachedAndTruncatesBefore() {
        // Given a live half marathon, 5 m short of the goal and then at it
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: RunnerProfile(name: "Ana", weightKilograms: 60), goalMetres: 21_097.5))
        let short = viewModel.send(.event(.progress(RunSnapshot(elapsedSeconds: 7100, distanceMetres: 21_092.5, goalMetres: 21_097.5))))
        #expect(short.distance == "21.09 km")
        let done = viewModel.send(.event(.progress(RunSnapshot(elapsedSeconds: 7105, distanceMetres: 21_097.5, goalMetres: 21_097.5))))
        // Then it never shows the goal early, and shows it once reached
        #expect(done.distance == "21.10 km")
    }

    @Test func theLastPartialKilometreIsShownAsAPartial() {
        // Given the last split of the half marathon, 97.5 m
        let partial = Self.halfMarathon.splits[21]
        // When the live panel shows it
        let line = RunningViewModel.splitLine(partial)
        // Then it reads as the last stretch, not as a kilometre numbered 0.09 or 21.09
        #expect(line == "last 0.09 km  8'23\"/km  +0 m")
        #expect(RunningViewModel.splitLine(Self.halfMarathon.splits[2]).hasPrefix("km 3  "))
    }

    @Test func theDistanceAxisEndsAtTheDistanceTheResultShows() {
        // Given a trace of a run whose end refines its last second to the goal
        var trace = RunTrace()
        for second in 0...100 {
            trace.record(RunSnapshot(
                elapsedSeconds: Double(second), distanceMetres: Double(second) * 200, goalMetres: 21_097.5,
                elevationMetres: 10 + Double(second % 7)))
        }
        trace.record(RunSnapshot(elapsedSeconds: 100, distanceMetres: 21_097.5, goalMetres: 21_097.5, elevationMetres: 12))
        // When the elevation profile is drawn
        let chart = ResultCharts.elevationProfile(trace, width: 80)?.map { $0.rendered(width: 80, colour: false) } ?? []
        // Then the last point is the refined one, and the axis ends at 21.10 km, as the result reads
        #expect(trace.points.last?.distanceMetres == 21_097.5)
        #expect(chart.last?.hasSuffix("21.10 km") == true, "\(chart.last ?? "no chart")")
    }
}
