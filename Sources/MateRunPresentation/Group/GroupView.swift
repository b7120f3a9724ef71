import MateRunDomain
import MateRunJSON

/// How a group run is shown: a runner's standing as one line (or a `group` JSON event), the
/// leaderboard, and the result table with the summary's `group` field.
///
/// Every name came over the network: it is shown through `RunFormat.displayName`, so that a
/// hostile one cannot move the cursor even if a coordinator let it through.
package enum GroupView {
    /// `place 3/12 · leader Ann 2.31 km · ahead Bo +45 m (12 s) · behind Cy -20 m (6 s) · team 8.20 km`
    package static func standingText(_ standing: GroupStanding) -> String {
        var parts: [String] = []
        parts.append(standing.place.map { "place \($0)/\(standing.runners)" } ?? "out of the ranking")
        if let leader = standing.leader {
            parts.append("leader \(name(leader.name)) \(RunFormat.kilometres(metres: leader.distanceMetres))")
        }
        if let ahead = standing.ahead {
            parts.append("ahead \(name(ahead.name)) +\(gap(ahead))")
        }
        if let behind = standing.behind {
            parts.append("behind \(name(behind.name)) -\(gap(behind))")
        }
        if let team = standing.teamMetres {
            parts.append("team \(RunFormat.kilometres(metres: team)) of \(RunFormat.kilometres(metres: standing.goalMetres))")
        }
        return parts.joined(separator: " · ")
    }

    /// The standing as a `{"type":"group",...}` event.
    package static func standingFields(_ standing: GroupStanding) -> [JSONMember] {
        var fields: [JSONMember] = [
            ("type", .string("group")), ("phase", .string(standing.phase.rawValue)),
            ("place", standing.place.map { .integer($0) } ?? .null), ("runners", .integer(standing.runners)),
        ]
        if let leader = standing.leader {
            fields.append(("leader", .object([("name", .string(leader.name)), ("distance_m", .number(leader.distanceMetres, decimals: 1))])))
        }
        for (key, neighbour) in [("ahead", standing.ahead), ("behind", standing.behind)] {
            guard let neighbour else { continue }
            fields.append((key, .object([
                ("name", .string(neighbour.name)), ("gap_m", .number(neighbour.gapMetres, decimals: 1)),
                ("gap_s", neighbour.gapSeconds.map { .number($0, decimals: 1) } ?? .null),
            ])))
        }
        if let team = standing.teamMetres { fields.append(("team_m", .number(team, decimals: 1))) }
        return fields
    }

    /// One leaderboard row a runner: place, name, time, distance, and how it stands.
    package static func tableLines(_ runners: [GroupRunner], places: [Int?], total: Int, limit: Int = 20) -> [String] {
        var lines = ["place  name                              time      distance  status"]
        for (runner, place) in zip(runners, places).prefix(limit) {
            let placeText = place.map { String($0) } ?? "-"
            let shown = name(runner.name)
            lines.append(
                pad(placeText, 5) + "  " + pad(shown, 32) + "  " + pad(RunFormat.clockTime(seconds: runner.elapsedSeconds), 8) + "  "
                    + pad(RunFormat.kilometres(metres: runner.distanceMetres), 8) + "  " + status(runner))
        }
        if total > min(limit, runners.count) {
            lines.append("… \(total - min(limit, runners.count)) more")
        }
        return lines
    }

    /// The summary line's `group` field: this runner's place, how many ran, and the results.
    /// `dropped`: the group messages this runner's process dropped as forged, altered, replayed
    /// or over a limit (PROTOCOL.md section 11.7).
    package static func summaryField(place: Int?, runners: Int, results: [GroupRunner], places: [Int?], dropped: Int) -> JSONMember {
        let listed: [JSON] = zip(results, places).map { runner, place in
            .object([
                ("place", place.map { .integer($0) } ?? .null), ("name", .string(runner.name)),
                ("distance_m", .number(runner.distanceMetres, decimals: 1)), ("elapsed_s", .number(runner.elapsedSeconds, decimals: 1)),
                ("status", .string(runner.status.rawValue)),
            ])
        }
        return ("group", .object([
            ("place", place.map { .integer($0) } ?? .null), ("runners", .integer(runners)), ("results", .array(listed)),
            ("dropped", .integer(dropped)),
        ]))
    }

    /// A board as a `{"type":"board",...}` event for `watch --json`: every field of the board
    /// the coordinator published (PROTOCOL.md's `board`), written again from what was read and
    /// checked, with `team_m` only in a team run. `counted` runners are not refused; `total` are all.
    package static func boardFields(
        phase: GroupBoard.Phase, terms: GroupTerms, runners: [GroupRunner], places: [Int?], counted: Int, total: Int,
        teamMetres: Double
    ) -> [JSONMember] {
        var fields: [JSONMember] = [
            ("type", .string("board")), ("phase", .string(phase.rawValue)), ("mode", .string(terms.mode.rawValue)),
            ("goal_m", .number(terms.goalMetres, decimals: 1)), ("speed", terms.speed.map { .number(shortest: $0) } ?? .null),
        ]
        if terms.mode == .team { fields.append(("team_m", .number(teamMetres, decimals: 1))) }
        let listed: [JSON] = zip(runners, places).map { runner, place in
            var entry: [JSONMember] = [
                ("place", place.map { .integer($0) } ?? .null), ("id", .string(runner.id)), ("name", .string(runner.name)),
                ("distance_m", .number(runner.distanceMetres, decimals: 1)),
                ("elapsed_s", .number(runner.elapsedSeconds, decimals: 1)), ("status", .string(runner.status.rawValue)),
                ("reached_goal", .bool(runner.reachedGoal)),
            ]
            if let note = runner.note { entry.append(("note", .string(note))) }
            return .object(entry)
        }
        fields += [("runners", .integer(counted)), ("total", .integer(total)), ("results", .array(listed))]
        return fields
    }

    private static func name(_ raw: String) -> String {
        RunFormat.displayName(raw, fallback: "?")
    }

    private static func gap(_ neighbour: GroupStanding.Neighbour) -> String {
        let metres = "\(Int(abs(neighbour.gapMetres).rounded())) m"
        guard let seconds = neighbour.gapSeconds else { return metres }
        return metres + " (\(Int(seconds.rounded())) s)"
    }

    private static func status(_ runner: GroupRunner) -> String {
        switch runner.status {
        case .finished: runner.reachedGoal ? "finished" : "stopped"
        case .refused: "refused" + (runner.note.map { ": " + TerminalText.neutralised($0, limit: 60) } ?? "")
        default: runner.status.rawValue
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
