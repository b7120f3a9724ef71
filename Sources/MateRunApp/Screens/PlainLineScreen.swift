import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// Output for a pipe or a file: plain lines, never a flood. A line at most once a second of wall
/// time, plus each split and lap, each pause and resume, GPS lost and found, and the summary.
final class PlainLineScreen: RunScreen {
    private let sink: OutputSink
    private let errors: OutputSink
    private let wallSeconds: () -> Double
    private let paced: Bool
    private var lineDue: WallClockThrottle

    /// `paced` is false at `--speed max`, where output is written in one go at the end.
    init(sink: OutputSink, errors: OutputSink, paced: Bool, wallSeconds: @escaping () -> Double) {
        self.sink = sink
        self.errors = errors
        self.paced = paced
        self.wallSeconds = wallSeconds
        lineDue = WallClockThrottle(interval: 1, steady: !paced)
    }

    func show(_ state: RunningViewModel.State) {
        if case .countdown = state.status {
            announceLine(state.statusText)
        }
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        switch event {
        case .progress:
            guard lineDue.isDue(clock: wallSeconds) else { return }
            emit(PlainLineView.render(state))
        case .split:
            if let split = state.lastSplit { emit("split " + split) }
        case .paused, .resumed:
            emit(PlainLineView.render(state))
        case .lap(let lap):
            emit("lap \(lap.index)  " + RunningViewModel.lapLine(lap))
        case .gpsLost:
            emit("GPS lost: distance waits for the signal")
        case .gpsFound:
            emit("GPS found")
        case .kept, .finished:
            break
        }
    }

    /// Written at once, whatever the speed: another program may be waiting on it.
    func announce(_ fields: [JSONMember], text: String) {
        announceLine(text)
    }

    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        emit(PlainLineView.render(state))
        let result = ResultViewModel(summary: summary, profile: profile).state
        sink.writeLine("")
        for line in TerminalResultView.render(result, width: 80, colour: false) { sink.writeLine(line) }
        for line in pair.map({ MateSummaryView.lines($0, ownName: profile.name) }) ?? [] { sink.writeLine(line) }
        state.ghostResult.map { sink.writeLine(GhostView.resultLine($0)) }
        sink.flush()
        kept.map { messageWriter(Self.keptNotice($0)) }
    }

    var messageWriter: @Sendable (String) -> Void {
        let errors = errors
        return { message in
            errors.writeLine(message)
            errors.flush()
        }
    }

    func restore() {
        sink.flush()
    }

    private func emit(_ line: String) {
        sink.writeLine(line)
        if paced { sink.flush() }
    }

    private func announceLine(_ line: String) {
        sink.writeLine(line)
        sink.flush()
    }
}
