import MateRunDomain
import MateRunJSON

/// The race against a ghost, for machines and for people: the `ghost` field of progress and
/// summary lines, and the result's line.
package enum GhostView {
    /// A progress line's `"ghost":{"distance_m","gap_m","gap_s"}` (`gap_s` null when the ghost
    /// never got as far as the runner).
    package static func progressField(_ standing: GhostStanding) -> JSONMember {
        ("ghost", .object([
            ("distance_m", .number(standing.distanceMetres, decimals: 1)),
            ("gap_m", .number(standing.gapMetres, decimals: 1)),
            ("gap_s", standing.gapSeconds.map { .number($0, decimals: 1) } ?? .null),
        ]))
    }

    /// The summary's `"ghost":{"source","distance_m","elapsed_s","gap_s","result"}`: `elapsed_s`
    /// is the ghost's moving time at `distance_m`, `gap_s` positive when the runner was faster.
    package static func summaryField(_ result: GhostResult) -> JSONMember {
        ("ghost", .object([
            ("source", .string(result.source)),
            ("distance_m", .number(result.distanceMetres, decimals: 1)),
            ("elapsed_s", .number(result.ghostSeconds, decimals: 1)),
            ("gap_s", .number(result.gapSeconds, decimals: 1)),
            ("result", .string(result.outcome.rawValue)),
        ]))
    }

    /// ` Ghost     won by 12 s over 5.00 km against run 20261128-071502 (00:32:18)`.
    package static func resultLine(_ result: GhostResult) -> String {
        let verdict = switch result.outcome {
        case .won: "won by " + MateSectionFormat.gapTime(result.gapSeconds)
        case .lost: "lost by " + MateSectionFormat.gapTime(result.gapSeconds)
        case .tied: "tied"
        }
        return " Ghost     " + verdict + " over " + RunFormat.kilometres(metres: result.distanceMetres) + " against "
            + TerminalText.neutralised(result.source, limit: 60) + " (" + RunFormat.splitTime(seconds: result.ghostSeconds) + ")"
    }
}
