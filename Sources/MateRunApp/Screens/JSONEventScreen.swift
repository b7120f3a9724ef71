import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// `--json`: one JSON object per line for every run event and a final summary, for programs.
final class JSONEventScreen: RunScreen {
    private let sink: OutputSink
    private let errors: OutputSink
    private let lines: RunEventLines
    private let paced: Bool
    private var transportFields: @Sendable () -> [JSONMember] = { [] }

    init(sink: OutputSink, errors: OutputSink, profile: RunnerProfile, paced: Bool) {
        self.sink = sink
        self.errors = errors
        self.paced = paced
        lines = RunEventLines(profile: profile)
    }

    func show(_ state: RunningViewModel.State) {
        if case .countdown(let secondsLeft) = state.status {
            announceLine(RunEventLines.countdown(secondsLeft))
        }
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        guard let line = lines.line(for: event, state: state, mate: mate) else { return }
        emit(line)
    }

    /// Writes the event at once, whatever the speed: a program waits on `listening` for the code,
    /// and on `connecting` and `paired`. An announcement without fields is for people only.
    func announce(_ fields: [JSONMember], text: String) {
        guard !fields.isEmpty else { return }
        announceLine(JSON.object(fields).jsonText)
    }

    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        emit(lines.summary(summary, state: state, pair: pair, kept: kept, transport: transportFields()))
        sink.flush()
    }

    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        emit(lines.summary(summary, group: group, kept: kept))
        sink.flush()
    }

    func summaryFields(_ fields: @escaping @Sendable () -> [JSONMember]) {
        transportFields = fields
    }

    var isForPrograms: Bool { true }

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
