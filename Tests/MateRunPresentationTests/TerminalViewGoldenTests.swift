import MateRunDomain
import Testing
@testable import MateRunPresentation

/// Frames of the terminal views compared with reviewed golden files (see `GoldenFile` for how to
/// record them), at 40 and 80 columns, with and without colour.
@Suite("Terminal frames match their goldens")
struct TerminalViewGoldenTests {
    /// The live panels worth pinning down, by golden-file name.
    static let runScenes: [String: RunningViewModel.State] = {
        var paused = Fixtures.midRun
        paused.isPaused = true
        paused.currentPaceSecondsPerKilometre = nil
        return [
            "run-solo": Fixtures.runningState(),
            "run-paused-race": Fixtures.runningState(snapshot: paused, mate: Fixtures.raceMate),
            "run-team": Fixtures.runningState(mate: Fixtures.teamMate),
        ]
    }()

    static let layouts: [(width: Int, colour: Bool)] = [(40, false), (40, true), (80, false), (80, true)]

    static func goldenName(_ scene: String, width: Int, colour: Bool) -> String {
        "\(scene)-w\(width)" + (colour ? "-colour" : "")
    }

    @Test("live panel frames", arguments: ["run-solo", "run-paused-race", "run-team"])
    func runFrames(scene: String) throws {
        // Given a live state
        let state = try #require(Self.runScenes[scene])
        for layout in Self.layouts {
            // When drawn at a width, with or without colour
            let lines = TerminalRunView.render(state, width: layout.width, colour: layout.colour)
            // Then the frame is the reviewed one
            try GoldenFile.assertMatches(lines, name: Self.goldenName(scene, width: layout.width, colour: layout.colour))
        }
    }

    @Test("result screen frames")
    func resultFrames() throws {
        // Given a finished run with a partial last split
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        for layout in Self.layouts {
            // When drawn; Then the frame is the reviewed one
            let lines = TerminalResultView.render(state, width: layout.width, colour: layout.colour)
            try GoldenFile.assertMatches(lines, name: Self.goldenName("result", width: layout.width, colour: layout.colour))
        }
    }
}
