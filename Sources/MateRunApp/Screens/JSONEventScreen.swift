import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// `--json`: one JSON object per line for every run event and a final summary, for programs.
final class JSONEventScreen: RunScreen {
    private let sink: OutputSink
    private let errors: OutputSink
    private let view: JSONEventView
    private let paced: Bool

    init(sink: OutputSink, errors: OutputSink, profile: RunnerProfile, paced: Bool) {
        self.sink = sink
        self.errors = errors
        self.paced = paced
        view = JSONEventView(profile: profile)
    }

    func show(_ state: RunningViewModel.State) {
        if case .countdown(let secondsLeft) = state.status {
            announceLine(JSON.object([("type", .string("countdown")), ("seconds_left", .integer(secondsLeft))]).jsonText)
        }
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        guard case .progress = event, let ghost = state.ghost else {
            emit(view.line(for: event, extraFields: MateSummaryView.progressFields(mate)))
            return
        }
        emit(view.line(for: event, extraFields: MateSummaryView.progressFields(mate) + [GhostView.progressField(ghost)]))
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
        let ghost = state.ghostResult.map { [GhostView.summaryField($0)] } ?? []
        emit(view.line(for: .finished(summary), extraFields: (pair.map(MateSummaryView.jsonFields) ?? []) + ghost + Self.runID(kept)))
        sink.flush()
    }

    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        emit(view.line(for: .finished(summary), extraFields: [group] + Self.runID(kept)))
        sink.flush()
    }

    /// The summary's last field, `run_id`, when the run was kept.
    private static func runID(_ kept: RunRecordID?) -> [JSONMember] {
        kept.map { [("run_id", .string($0.rawValue))] } ?? []
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
