import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("Plain line and result view model")
struct PlainAndResultTests {
    @Test("the plain line carries time, distance, pace, calories and percent")
    func plainLine() {
        // Given a running state; When drawn as a plain line; Then it is compact
        #expect(PlainLineView.render(Fixtures.runningState()) == "00:12:31  2.41 km  5'12\"/km  163 kcal  48%")
    }

    @Test("the plain line says when paused and who the mate is")
    func plainLinePausedWithMate() {
        var paused = Fixtures.midRun
        paused.isPaused = true
        let line = PlainLineView.render(Fixtures.runningState(snapshot: paused, mate: Fixtures.raceMate))
        #expect(line == "00:12:31  2.41 km  5'12\"/km  163 kcal  48%  paused  | Bob 2.37 km ahead by 40 m last seen 7 s ago")
    }

    @Test("the result lists the totals and how the run ended")
    func resultLines() {
        // Given a 5.43 km run ended by the scenario
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        // Then the summary reads in order, ending last
        #expect(state.title == "Run ended")
        #expect(state.lines.map(\.label) == ["Distance", "Time", "Moving", "Calories", "Avg pace", "Climb", "Ended"])
        #expect(state.lines.map(\.value) == ["5.43 km", "00:27:21", "00:27:19", "371 kcal", "5'02\"/km", "+41 m", "scenario ended"])
    }

    @Test("the splits table labels whole kilometres and the partial last split by distance")
    func splitRows() {
        let rows = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state.splits
        #expect(rows.map(\.kilometre) == ["1", "2", "3", "4", "5", "5.43"])
        #expect(rows[0].pace == "5'12\"/km")
        #expect(rows[0].time == "00:05:12")
        #expect(rows[3].climb == "+21 m")
        #expect(rows[5].pace == "5'00\"/km")
    }

    @Test("a reached goal and a cancelled run get their own titles and endings", arguments: [
        (RunEnding.goalReached, "Goal reached", "goal reached"), (.cancelled, "Run cancelled", "cancelled"),
    ] as [(RunEnding, String, String)])
    func endings(ending: RunEnding, title: String, endingText: String) {
        let summary = RunSummary(snapshot: Fixtures.midRun, splits: [], ending: ending)
        let state = ResultViewModel(summary: summary, profile: Fixtures.alice).state
        #expect(state.title == title)
        #expect(state.lines.last?.value == endingText)
        #expect(state.lines.contains(.init(label: "Goal", value: "5.00 km")))
    }
}
