import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// The run's events as JSON lines, with what each kind of run adds to them (the mate, the
/// ghost, the group, the kept run's id): what `--json` prints and what the live page is sent.
struct RunEventLines {
    let view: JSONEventView

    init(profile: RunnerProfile) {
        view = JSONEventView(profile: profile)
    }

    /// A run event's line, nil for one without (a kept fix); `extra` goes last (the page's position).
    func line(for event: RunEvent, state: RunningViewModel.State, mate: MateView?, extra: [JSONMember] = []) -> String? {
        guard case .progress = event, let ghost = state.ghost else {
            return view.line(for: event, extraFields: MateSummaryView.progressFields(mate) + extra)
        }
        return view.line(for: event, extraFields: MateSummaryView.progressFields(mate) + [GhostView.progressField(ghost)] + extra)
    }

    /// The summary line of a solo or paired run; `transport`, what the pair's transport adds.
    func summary(
        _ summary: RunSummary, state: RunningViewModel.State, pair: PairedRunSummary?, kept: RunRecordID?, transport: [JSONMember] = []
    ) -> String {
        let ghost = state.ghostResult.map { [GhostView.summaryField($0)] } ?? []
        return view.summaryLine(
            summary, extraFields: (pair.map(MateSummaryView.jsonFields) ?? []) + ghost + transport + Self.runID(kept))
    }

    /// The summary line of a group run, with the group's result.
    func summary(_ summary: RunSummary, group: JSONMember, kept: RunRecordID?) -> String {
        view.summaryLine(summary, extraFields: [group] + Self.runID(kept))
    }

    /// The `countdown` line.
    static func countdown(_ secondsLeft: Int) -> String {
        JSON.object([("type", .string("countdown")), ("seconds_left", .integer(secondsLeft))]).jsonText
    }

    /// The summary's last field, `run_id`, when the run was kept.
    private static func runID(_ kept: RunRecordID?) -> [JSONMember] {
        kept.map { [("run_id", .string($0.rawValue))] } ?? []
    }
}
