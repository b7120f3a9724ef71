import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// The live panel on a terminal: redrawn in place, width-aware, cursor hidden while it runs and
/// restored when it ends (every exit path goes through `finish` or `restore`).
final class LiveTerminalScreen: RunScreen {
    private let sink: OutputSink
    private let colour: Bool
    private let width: () -> Int
    private let wallSeconds: () -> Double
    private var drawnLines = 0
    private var lastDraw = -Double.infinity
    /// At `--speed max` the run outpaces any eye: draw at most this often (seconds of wall time).
    private let minimumRedrawInterval = 0.05

    init(sink: OutputSink, colour: Bool, width: @escaping () -> Int, wallSeconds: @escaping () -> Double) {
        self.sink = sink
        self.colour = colour
        self.width = width
        self.wallSeconds = wallSeconds
        sink.write(TerminalControl.hideCursor)
    }

    func show(_ state: RunningViewModel.State) {
        draw(state, force: true)
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        draw(state, force: false)
    }

    func announce(_ fields: [JSONMember], text: String) {
        sink.writeLine(text)
        sink.flush()
    }

    func finish(_ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: MateRunSummary?) {
        draw(state, force: true)
        let result = ResultViewModel(summary: summary, profile: profile).state
        sink.writeLine("")
        for line in TerminalResultView.render(result, width: width(), colour: colour) { sink.writeLine(line) }
        for line in pair.map({ MateSummaryView.lines($0, ownName: profile.name) }) ?? [] { sink.writeLine(line) }
        restore()
    }

    /// Shows the cursor again and writes everything out.
    func restore() {
        sink.write(TerminalControl.showCursor)
        sink.flush()
    }

    private func draw(_ state: RunningViewModel.State, force: Bool) {
        let now = wallSeconds()
        guard force || now - lastDraw >= minimumRedrawInterval else { return }
        lastDraw = now
        let lines = TerminalRunView.render(state, width: width(), colour: colour)
        var frame = TerminalControl.cursorUp(drawnLines)
        for line in lines {
            frame += TerminalControl.clearLine + line + "\n"
        }
        frame += TerminalControl.clearToEnd
        drawnLines = lines.count
        sink.write(frame)
        sink.flush()
    }
}
