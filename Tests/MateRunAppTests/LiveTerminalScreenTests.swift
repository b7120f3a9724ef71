@testable import MateRunApp
import MateRunDomain
import MateRunPresentation
import Testing

/// What the live screen writes to a terminal: frames that fit the window and redraw in place.
@Suite("The live screen's frames")
struct LiveTerminalScreenTests {
    /// The live state half-way through a 5 km run, for a runner with a mate.
    static func runningState() -> RunningViewModel.State {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: RunnerProfile(name: "Ada", weightKilograms: 60), goalMetres: 5000))
        viewModel.send(.mate(MateStatus(name: "Bob", distanceMetres: 2300, goalMetres: 5000, leadMetres: 100)))
        return viewModel.send(.event(.progress(RunSnapshot(
            elapsedSeconds: 750, movingSeconds: 740, distanceMetres: 2400, caloriesKilocalories: 160,
            currentPaceSecondsPerKilometre: 310, goalMetres: 5000, heartRateBPM: 150))))
    }

    @Test("each frame is one synchronized write no taller than the window, redrawn from its first line")
    func framesFitAndRedrawInPlace() {
        // Given a live screen on a terminal of 40 x 6
        let output = CapturedOutput(), errors = CapturedOutput()
        let screen = LiveTerminalScreen(
            sink: output.sink, errors: errors.sink, colour: false,
            size: { TerminalSize(columns: 40, rows: 6) }, wallSeconds: { 0 }, paced: true)
        // When the panel is drawn twice, then the screen is restored
        screen.show(Self.runningState())
        screen.show(Self.runningState())
        screen.restore()
        // Then each frame is wrapped in synchronized output and has at most 6 lines
        let frames = output.text.components(separatedBy: TerminalControl.beginSynchronizedUpdate).dropFirst()
        #expect(frames.count == 2)
        for frame in frames {
            let body = frame.components(separatedBy: TerminalControl.endSynchronizedUpdate)[0]
            #expect(body.components(separatedBy: "\r\n").count <= 6, "\(body.debugDescription)")
        }
        // And the second frame starts by going back up to the first's first line
        let lines = frames.first?.components(separatedBy: "\r\n").count ?? 0
        #expect(frames.last?.hasPrefix(TerminalControl.cursorUp(lines - 1)) == true)
        // And the cursor is shown again at the end
        #expect(output.text.hasSuffix(TerminalControl.showCursor))
    }

    @Test("a message goes above the panel, on standard error, and the panel is drawn again below it")
    func messagesGoAboveThePanel() {
        let output = CapturedOutput(), errors = CapturedOutput()
        let screen = LiveTerminalScreen(
            sink: output.sink, errors: errors.sink, colour: false,
            size: { TerminalSize(columns: 80, rows: 24) }, wallSeconds: { 0 }, paced: true)
        screen.show(Self.runningState())
        // When a host's notice arrives
        screen.messageWriter("materun: mate back from 127.0.0.1:5000")
        screen.restore()
        // Then it is on standard error, the panel was wiped before it and drawn after it
        #expect(errors.text == "materun: mate back from 127.0.0.1:5000\n")
        // (a frame ends with the end of the synchronized update: a wipe is what leads into one)
        #expect(output.text.contains(TerminalControl.clearToEnd + TerminalControl.beginSynchronizedUpdate))
        #expect(output.text.components(separatedBy: TerminalControl.beginSynchronizedUpdate).count == 3)
    }
}
