import MateRunDomain
import Testing
@testable import MateRunPresentation

/// What the tracker left out, as the result screen, the plain summary and `--json` say it.
@Suite struct LeftOutViewTests {
    private static let drive = LeftOutStretch(reason: .tooFast, distanceMetres: 14_804.1, fromSeconds: 1001, toSeconds: 1602)
    private static let jump = LeftOutStretch(reason: .jump, distanceMetres: 2011.6, fromSeconds: 700, toSeconds: 703)

    private func summary(leftOut: [LeftOutStretch]) -> RunSummary {
        var summary = Fixtures.summary
        summary.leftOut = leftOut
        return summary
    }

    @Test func aDriveIsOneLineOfTheResultWithinEightyColumns() {
        // Given a run that left out a drive
        let state = ResultViewModel(summary: summary(leftOut: [Self.drive]), profile: Fixtures.alice).state
        // When the result is drawn 80 columns wide, as the plain summary is
        let lines = TerminalResultView.render(state, width: 80, colour: false)
        // Then one line says how far, how fast, when and why, after the totals
        let said = " Left out  14.80 km at 89 km/h 00:16:41–00:26:42 (too fast to count)"
        #expect(lines.contains(said), "\(lines)")
        #expect(lines.firstIndex(of: said) ?? 0 > lines.firstIndex { $0.contains("Ended") } ?? .max)
        #expect(lines.allSatisfy { TerminalWidth.columns(of: $0) <= 80 })
    }

    @Test func aJumpSaysTheTrackRestarted() {
        let state = ResultViewModel(summary: summary(leftOut: [Self.jump]), profile: Fixtures.alice).state
        #expect(state.leftOut == [.init(label: "Left out", value: "2.01 km jump 00:11:40–00:11:43 (the track restarted)")])
    }

    @Test func aRunThatLeftNothingOutSaysNothingOfIt() {
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        #expect(state.leftOut.isEmpty)
        #expect(!TerminalResultView.render(state, width: 80, colour: false).joined().contains("Left out"))
    }

    @Test func manyStretchesAreTheFirstFewAndACount() {
        // Given five stretches left out
        let five = [Self.jump, Self.drive, Self.jump, Self.jump, Self.jump]
        // When the result is formatted
        let values = ResultViewModel(summary: summary(leftOut: five), profile: Fixtures.alice).state.leftOut.map(\.value)
        // Then the first two are named and the other three counted with their length
        #expect(values.count == 3)
        #expect(values[0].hasPrefix("2.01 km jump"))
        #expect(values[1].hasPrefix("14.80 km at 89 km/h"))
        #expect(values[2] == "3 more stretches, 6.03 km in all")
    }

    @Test func theJSONSummaryNamesEachStretchAndIsWithoutTheFieldWhenNone() throws {
        let view = JSONEventView(profile: Fixtures.alice)
        // Given a run that left out a drive and a jump; When its summary line is written
        let line = view.shownLine(for: .finished(summary(leftOut: [Self.jump, Self.drive])))
        // Then left_out lists them in run order, after the splits, each reason, metres, from and to
        #expect(line.contains(
            "\"left_out\":[{\"reason\":\"jump\",\"distance_m\":2011.6,\"from_s\":700.0,\"to_s\":703.0},"
                + "{\"reason\":\"too_fast\",\"distance_m\":14804.1,\"from_s\":1001.0,\"to_s\":1602.0}],\"finished\""), "\(line)")
        // And a run that left nothing out has no left_out at all (not an empty list)
        #expect(!view.shownLine(for: .finished(Fixtures.summary)).contains("left_out"))
    }
}
