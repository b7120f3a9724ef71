import MateRunDomain
import MateRunJSON

/// What is said before a group starts: where the group is and its two codes (the `listening`
/// event that `host` prints too, with `via` and `code`; a group's adds `watch_code`), and what a
/// joiner joined.
package enum GroupAnnouncements {
    /// `code` is the join code, `watchCode` the one that only watches.
    package static func listeningFields(via: CustomStringConvertible, code: String, watchCode: String, terms: GroupTerms) -> [JSONMember] {
        var fields: [JSONMember] = [
            ("type", .string("listening")), ("via", .string(via.description)), ("code", .string(code)),
            ("watch_code", .string(watchCode)), ("mode", .string(terms.mode.rawValue)),
            ("goal_m", .number(terms.goalMetres, decimals: 1)), ("max_runners", .integer(terms.maxRunners)),
        ]
        if let startWhen = terms.startWhen { fields.append(("start_when", .integer(startWhen))) }
        return fields
    }

    package static func listeningText(via: CustomStringConvertible, code: String, watchCode: String, terms: GroupTerms) -> String {
        let start = terms.startWhen.map { "starts when \($0) runners are in, or" } ?? "starts"
        return """
            Group \(watchCode) on \(via) (\(terms.mode.rawValue), \(RunFormat.goal(metres: terms.goalMetres)), \
            up to \(terms.maxRunners) runners): \(start) when you press Enter
              join with: materun group join SCENARIO --via \(via) --code \(code)
              watch with: materun watch --via \(via) --code \(watchCode)   (this code cannot join)
            """
    }

    package static func joinedFields(via: CustomStringConvertible, code: String, watchCode: String, terms: GroupTerms) -> [JSONMember] {
        [
            ("type", .string("joined")), ("via", .string(via.description)), ("code", .string(code)),
            ("watch_code", .string(watchCode)), ("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1)),
        ]
    }

    package static func joinedText(terms: GroupTerms) -> String {
        "Joined the group: \(terms.mode.rawValue) to \(RunFormat.goal(metres: terms.goalMetres)); waiting for the start…"
    }
}
