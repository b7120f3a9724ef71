import MateRunDomain
import MateRunJSON

/// A kept run shown again by `materun show`: the result screen it ended with (on a terminal with
/// its route map and charts, drawn from the kept track), and with `--json` the summary line it
/// printed, drawn by the same views the run used.
package enum KeptRunView {
    /// The result screen: the run's result, then the pair's for a paired run.
    package static func lines(_ record: RunRecord, width: Int, colour: Bool, charts: Bool) -> [String] {
        let run = record.summary
        var result = ResultViewModel(summary: run.runSummary, profile: run.header.runner).state
        if run.outcome.ending.runEnding == nil {
            result.title = title(run.outcome.ending)
            if let ended = result.lines.firstIndex(where: { $0.label == "Ended" }) {
                result.lines[ended].value = endingText(run.outcome.ending)
            }
        }
        var lines = TerminalResultView.render(result, width: width, colour: colour, trace: charts ? trace(record) : nil)
        if let pair = run.pairSummary { lines += MateSummaryView.lines(pair, ownName: run.header.runner.name) }
        return lines
    }

    /// The track as the result screen's map and charts draw it: each kept fix, and the mate's
    /// progress in a paired run.
    static func trace(_ record: RunRecord) -> RunTrace {
        var trace = RunTrace()
        trace.goalMetres = record.summary.header.goalMetres
        for fix in record.fixes {
            trace.record(RunSnapshot(
                elapsedSeconds: fix.time, movingSeconds: fix.movingSeconds, distanceMetres: fix.distanceMetres,
                position: fix.coordinate, elevationMetres: fix.elevation))
        }
        if let mate = record.summary.header.pairing?.mateName {
            for point in record.mateProgress {
                trace.recordMate(
                    name: RunFormat.displayName(mate, fallback: "mate"), elapsedSeconds: point.elapsedSeconds,
                    distanceMetres: point.distanceMetres)
            }
        }
        return trace
    }

    /// The `{"type":"summary",...}` line, with the kept ending where the tracker had no word for it.
    package static func summaryLine(_ run: RunRecordSummary) -> String {
        var fields = JSONEventView(profile: run.header.runner).summaryFields(run.runSummary)
        if run.outcome.ending.runEnding == nil, let ending = fields.firstIndex(where: { $0.key == "ending" }) {
            fields[ending].value = .string(run.outcome.ending.rawValue)
        }
        let ghost = run.outcome.ghost.map { [GhostView.summaryField($0)] } ?? []
        let runID: [JSONMember] = [("run_id", .string(run.id.rawValue))]
        return JSON.object(fields + (run.pairSummary.map(MateSummaryView.jsonFields) ?? []) + ghost + runID).jsonText
    }

    /// How a kept run ended, in words: the tracker's endings as the result screen says them.
    package static func endingText(_ ending: RunRecordEnding) -> String {
        ending.runEnding.map(ResultViewModel.endingText) ?? "interrupted (materun was killed)"
    }

    private static func title(_ ending: RunRecordEnding) -> String {
        ending.runEnding.map(RunEndingWords.title) ?? "Run interrupted"
    }
}
