import MateRunDomain
import MateRunJSON

/// What is said before a group starts: where the group is and its code (the `listening` event
/// that `host` prints too, with `via` and `code`), and what a joiner joined.
package enum GroupAnnouncements {
    package static func listeningFields(via: CustomStringConvertible, code: String, terms: GroupTerms) -> [JSONMember] {
        var fields: [JSONMember] = [
            ("type", .string("listening")), ("via", .string(via.description)), ("code", .string(code)),
            ("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1)),
        ]
        if let startWhen = terms.startWhen { fields.append(("start_when", .integer(startWhen))) }
        return fields
    }

    package static func listeningText(via: CustomStringConvertible, code: String, terms: GroupTerms) -> String {
        let start = terms.startWhen.map { "starts when \($0) runners are in, or" } ?? "starts"
        return """
            Group \(code) on \(via) (\(terms.mode.rawValue), \(RunFormat.goal(metres: terms.goalMetres))): \(start) when you press Enter
              join with: materun group join SCENARIO --via \(via) --code \(code)
              watch with: materun watch --via \(via) --code \(code)
            """
    }

    package static func joinedFields(via: CustomStringConvertible, code: String, terms: GroupTerms) -> [JSONMember] {
        [
            ("type", .string("joined")), ("via", .string(via.description)), ("code", .string(code)),
            ("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1)),
        ]
    }

    package static func joinedText(terms: GroupTerms) -> String {
        "Joined the group: \(terms.mode.rawValue) to \(RunFormat.goal(metres: terms.goalMetres)); waiting for the start…"
    }
}
