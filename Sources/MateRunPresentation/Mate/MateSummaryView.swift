import MateRunDomain
import MateRunJSON

/// Draws how a paired run ended: who won, or the team's shares, and the mate's final figures;
/// and the same as JSON fields for `--json`.
package enum MateSummaryView {
    /// Lines under the run's own result, for a person.
    package static func lines(_ summary: PairedRunSummary, ownName: String) -> [String] {
        let mateName = RunFormat.displayName(summary.mate.name, fallback: "mate")
        let me = RunFormat.displayName(ownName, fallback: "you")
        var lines = [" " + headline(summary, me: me, mateName: mateName)]
        lines.append(" " + mateName + ": " + RunFormat.kilometres(metres: summary.mate.distanceMetres)
            + " in " + RunFormat.clockTime(seconds: summary.mate.elapsedSeconds)
            + (summary.mate.connected ? "" : " (last known; not connected)"))
        if let reason = summary.resultReason {
            lines.append(" Why: " + TerminalText.neutralised(reason))
        }
        if let share = summary.ownSharePercent {
            lines.append(" " + me + "'s share: " + String(Int(share.rounded())) + "%, " + mateName + "'s: "
                + String(100 - Int(share.rounded())) + "%")
        }
        return lines
    }

    private static func headline(_ summary: PairedRunSummary, me: String, mateName: String) -> String {
        switch summary.result {
        case .won: "Race won: " + me + " reached the goal first"
        case .lost: "Race lost: " + mateName + " reached the goal first"
        case .teamFinished: "Team goal reached together"
        case .mateCancelled: mateName + " stopped their run; " + me + " finished solo"
        case .mateLost: "Lost touch with " + mateName + "; " + me + " finished solo"
        case .cancelled: "Run stopped"
        case .soloFinished: "The scenario ended before the goal"
        case .mateImplausible:
            summary.winner == nil
                ? mateName + "'s figures were refused; " + me + " finished solo"
                : "Race won: " + mateName + "'s figures were refused and " + me + " reached the goal"
        case .disqualified: mateName + " refused " + me + "'s figures; " + me + " finished solo"
        }
    }

    /// Fields added to the JSON summary: `mate`, `result`, `winner`, `share_percent`.
    package static func jsonFields(_ summary: PairedRunSummary) -> [JSONMember] {
        [
            ("mode", .string(summary.terms.mode.rawValue)),
            ("result", .string(summary.result.rawValue)),
            ("winner", summary.winner.map { .string($0.rawValue) } ?? .null),
            ("share_percent", summary.ownSharePercent.map { .number($0, decimals: 1) } ?? .null),
        ] + (summary.resultReason.map { [("result_reason", .string($0))] } ?? []) + [
            ("mate", .object([
                ("name", .string(summary.mate.name)),
                ("distance_m", .number(summary.mate.distanceMetres, decimals: 1)),
                ("elapsed_s", .number(summary.mate.elapsedSeconds, decimals: 1)),
                ("final", .bool(summary.mate.final)),
                ("connected", .bool(summary.mate.connected)),
            ])),
        ]
    }

    /// Fields added to each JSON progress line: the mate's latest figures.
    package static func progressFields(_ view: MateView?) -> [JSONMember] {
        guard let view else { return [] }
        return [("mate", .object([
            ("name", .string(view.name)),
            ("distance_m", .number(view.distanceMetres, decimals: 1)),
            ("elapsed_s", .number(view.elapsedSeconds, decimals: 1)),
            ("connection", .string(view.connection.rawValue)),
            ("last_seen_s", view.lastSeenSecondsAgo.map { .number($0, decimals: 1) } ?? .null),
            ("lead_m", .number(view.leadMetres, decimals: 1)),
        ] + (view.implausible.map { [("implausible", .string($0))] } ?? [])))]
    }
}
