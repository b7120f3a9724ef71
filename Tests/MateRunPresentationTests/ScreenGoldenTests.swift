import MateRunDomain
import Testing
@testable import MateRunPresentation

/// The live panel's states and the result's pictures, each at 80×24 and 40×12 (and at the
/// heights that make the panel compact or one line), compared with reviewed golden files (see
/// `GoldenFile` for how to record them).
@Suite("Screens match their goldens at 80x24 and 40x12")
struct ScreenGoldenTests {
    struct Size: Sendable, CustomStringConvertible {
        var columns: Int
        var rows: Int
        var description: String { "\(columns)x\(rows)" }
    }

    static let standardSizes = [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)]

    /// Live scenes by golden-file name, with the window sizes each is drawn at.
    static let liveScenes: [String: (state: RunningViewModel.State, sizes: [Size])] = [
        "live-readings": (Fixtures.runningState(snapshot: Fixtures.withReadings, mate: Fixtures.raceMate), standardSizes),
        "live-gps-lost": (Fixtures.runningState(snapshot: Fixtures.gpsLost), standardSizes),
        "live-interval": (Fixtures.runningState(snapshot: Fixtures.inInterval), standardSizes),
        "live-compact": (
            Fixtures.runningState(snapshot: Fixtures.withReadings, mate: Fixtures.raceMate),
            [Size(columns: 80, rows: 6), Size(columns: 40, rows: 6)]),
        "live-one-line": (
            Fixtures.runningState(snapshot: Fixtures.gpsLost, mate: Fixtures.raceMate),
            [Size(columns: 80, rows: 1), Size(columns: 40, rows: 1)]),
        "live-paused-lap": (pausedAfterALap, standardSizes),
    ]

    /// Paused by the runner 250 m into the third lap.
    static var pausedAfterALap: RunningViewModel.State {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        viewModel.send(.event(.progress(Fixtures.withReadings)))
        viewModel.send(.event(.lap(Split(
            index: 2, distanceMetres: 812, movingSeconds: 251, endElapsedSeconds: 700, elevationGainMetres: 4))))
        var paused = Fixtures.withReadings
        paused.lapCount = 2
        paused.lapStartDistanceMetres = paused.distanceMetres - 250
        paused.lapStartMovingSeconds = paused.movingSeconds - 76
        paused.isPaused = true
        paused.currentPaceSecondsPerKilometre = nil
        return viewModel.send(.event(.paused(paused, by: .runner)))
    }

    @Test("live panel states", arguments: ["live-readings", "live-gps-lost", "live-interval", "live-compact", "live-one-line", "live-paused-lap"])
    func liveFrames(scene: String) throws {
        let (state, sizes) = try #require(Self.liveScenes[scene])
        for size in sizes {
            // When drawn in a window of that size
            let lines = TerminalRunView.render(state, width: size.columns, height: size.rows, colour: false)
            // Then it fits, and it is the reviewed frame
            #expect(lines.count <= size.rows)
            try GoldenFile.assertMatches(lines, name: "\(scene)-\(size)")
        }
        // And in colour at 80 columns (GPS LOST in yellow)
        let coloured = TerminalRunView.render(state, width: 80, height: sizes[0].rows, colour: true)
        try GoldenFile.assertMatches(coloured, name: "\(scene)-\(sizes[0])-colour")
    }

    @Test("result with the route map, the charts and a bar per split", arguments: ["result-charts", "result-pair-charts"])
    func resultFrames(scene: String) throws {
        // Given a finished 5 km run and its trace (with a mate's, for the pair)
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        let trace = scene == "result-pair-charts" ? Fixtures.pairTrace : Fixtures.trace
        for size in Self.standardSizes {
            // When drawn on a terminal of that width
            let lines = TerminalResultView.render(state, width: size.columns, colour: false, trace: trace)
            // Then it is the reviewed screen
            try GoldenFile.assertMatches(lines, name: "\(scene)-\(size)")
        }
        let coloured = TerminalResultView.render(state, width: 80, colour: true, trace: trace)
        try GoldenFile.assertMatches(coloured, name: "\(scene)-80x24-colour")
    }
}
