import MateRunDomain
import MateRunJSON

/// The group's messages as JSON objects on the wire, and back (their signatures travel in
/// headers: `GroupSigner`). Reading is strict about types
/// and lenient about unknown fields; anything that does not read is dropped by the caller.
package enum GroupWire {
    /// The most runners a board message lists (the leaders): a board of 10,000 runners would
    /// not fit a NATS message; each runner gets its own standing instead.
    package static let boardLimit = 100

    // MARK: Join

    /// A runner's join request: its name, its public key, and the proof that it knows the join
    /// code's secret (`GroupJoinKey.proof(watch:key:name:)`).
    package struct JoinRequest: Sendable, Equatable {
        package var name: String
        package var key: String
        package var proof: String

        package init(name: String, key: String, proof: String) {
            self.name = name
            self.key = key
            self.proof = proof
        }
    }

    package static func joinRequest(_ request: JoinRequest) -> [UInt8] {
        bytes(.object([
            ("type", .string("join")), ("name", .string(request.name)), ("key", .string(request.key)),
            ("proof", .string(request.proof)),
        ]))
    }

    package static func joinRequest(_ payload: [UInt8]) -> JoinRequest? {
        guard let object = object(payload), object["type"].stringValue == "join", let name = object["name"].stringValue,
            let key = object["key"].stringValue, let proof = object["proof"].stringValue
        else { return nil }
        return JoinRequest(name: name, key: key, proof: proof)
    }

    /// What the join's proof is the join key's Ed25519 signature of (`GroupJoinKey`).
    package static func proofInput(watch: String, key: String, name: String) -> [UInt8] {
        Array("join\n\(watch)\n\(key)\n\(name)".utf8)
    }

    package struct Welcome: Sendable, Equatable {
        package var id: String
        package var terms: GroupTerms

        package init(id: String, terms: GroupTerms) {
            self.id = id
            self.terms = terms
        }
    }

    package static func welcome(_ welcome: Welcome, seq: Int) -> [UInt8] {
        var members: [(String, JSON)] = [("type", .string("welcome")), ("seq", .integer(seq)), ("id", .string(welcome.id))]
        members += termsFields(welcome.terms)
        return bytes(.object(members))
    }

    /// A join's refusal; `id` is the runner it answers, nil when the join was not provably its
    /// (unreadable, or not signed by the key it carries): a runner heeds only its own.
    package static func refusal(_ reason: String, id: String?, seq: Int) -> [UInt8] {
        bytes(.object([
            ("type", .string("refused")), ("seq", .integer(seq)), ("id", id.map { .string($0) } ?? .null),
            ("reason", .string(reason)),
        ]))
    }

    /// A join's answer: the welcome, or the refusal's reason, for the runner `id`; nil when it
    /// does not read or answers someone else.
    package static func joinAnswer(_ payload: [UInt8], id: String) -> Result<Welcome, GroupRefused>? {
        guard let object = object(payload), let type = object["type"].stringValue, object["id"].stringValue == id else {
            return nil
        }
        if type == "refused" {
            guard let reason = object["reason"].stringValue else { return nil }
            return .failure(GroupRefused(reason: reason))
        }
        guard type == "welcome", let terms = terms(object) else { return nil }
        return .success(Welcome(id: id, terms: terms))
    }

    // MARK: Reports

    package static func report(_ report: GroupReport) -> [UInt8] {
        bytes(.object([
            ("type", .string("report")), ("seq", .integer(report.seq)),
            ("elapsed_s", .number(report.elapsedSeconds, decimals: 1)), ("distance_m", .number(report.distanceMetres, decimals: 1)),
            ("finished", .bool(report.finished)), ("reached_goal", .bool(report.reachedGoal)),
        ]))
    }

    package static func bye(seq: Int) -> [UInt8] {
        bytes(.object([("type", .string("bye")), ("seq", .integer(seq))]))
    }

    /// A runner's message: its `seq`, and its report (nil for a goodbye).
    package static func runnerMessage(_ payload: [UInt8]) -> (seq: Int, report: GroupReport?)? {
        guard let object = object(payload), let type = object["type"].stringValue, let seq = object["seq"].integerValue else {
            return nil
        }
        if type == "bye" { return (seq, nil) }
        guard type == "report", let elapsed = object["elapsed_s"].numericValue,
            let distance = object["distance_m"].numericValue, let finished = try? object["finished"].bool()
        else { return nil }
        var reachedGoal = false
        if let reached = try? object["reached_goal"].bool() { reachedGoal = reached }
        return (seq, GroupReport(seq: seq, elapsedSeconds: elapsed, distanceMetres: distance, finished: finished, reachedGoal: reachedGoal))
    }

    /// The `seq` of any group message; nil when it has none.
    package static func sequence(_ payload: [UInt8]) -> Int? {
        object(payload)?["seq"].integerValue
    }

    // MARK: Control

    /// What the coordinator tells every runner.
    package enum Control: Sendable, Equatable {
        case start(inSeconds: Double)
        case stop
        case refused(id: String, reason: String)
    }

    package static func control(_ control: Control, seq: Int) -> [UInt8] {
        let head: [(String, JSON)] = [("seq", .integer(seq))]
        return switch control {
        case .start(let seconds): bytes(.object([("type", .string("start"))] + head + [("in_s", .number(seconds, decimals: 3))]))
        case .stop: bytes(.object([("type", .string("stop"))] + head))
        case .refused(let id, let reason):
            bytes(.object([("type", .string("refused"))] + head + [("id", .string(id)), ("reason", .string(reason))]))
        }
    }

    package static func control(_ payload: [UInt8]) -> Control? {
        guard let object = object(payload), let type = object["type"].stringValue else { return nil }
        switch type {
        case "start": return object["in_s"].numericValue.map { .start(inSeconds: min(max($0, 0), 60)) }
        case "stop": return .stop
        case "refused":
            guard let id = object["id"].stringValue, let reason = object["reason"].stringValue else { return nil }
            return .refused(id: id, reason: reason)
        default: return nil
        }
    }

    // MARK: Board

    /// The board with its first `boardLimit` runners, and how many there are in all.
    package static func board(_ board: GroupBoard, seq: Int) -> [UInt8] {
        let counted = board.runners.count { $0.status != .refused }
        let listed = board.runners.prefix(boardLimit).enumerated().map { offset, runner in
            runnerFields(runner, place: runner.status == .refused ? nil : offset + 1)
        }
        var members: [(String, JSON)] = [
            ("type", .string("board")), ("seq", .integer(seq)), ("phase", .string(board.phase.rawValue)),
        ]
        members += termsFields(board.terms)
        members += [
            ("team_m", .number(board.teamMetres, decimals: 1)), ("runners", .integer(counted)),
            ("total", .integer(board.runners.count)), ("results", .array(listed)),
        ]
        return bytes(.object(members))
    }

    package static func board(_ payload: [UInt8]) -> GroupBoardMessage? {
        guard let object = object(payload), object["type"].stringValue == "board", let phaseText = object["phase"].stringValue,
            let phase = GroupBoard.Phase(rawValue: phaseText), let terms = terms(object), let list = try? object["results"].array(),
            let count = object["runners"].integerValue, let team = object["team_m"].numericValue
        else { return nil }
        var runners: [GroupRunner] = []
        var places: [Int?] = []
        for item in list.prefix(boardLimit) {
            guard let entry = try? item.object(), let runner = runner(entry) else { return nil }
            runners.append(runner)
            places.append(entry["place"].integerValue)
        }
        var board = GroupBoard(phase: phase, terms: terms, runners: [])
        board.runners = runners
        // A coordinator that wrote no `total` counted only the runners it listed as `runners`.
        let total = object["total"].integerValue.map { max($0, count) } ?? count
        return GroupBoardMessage(board: board, places: places, runners: count, total: total, teamMetres: team)
    }

    // MARK: Standing

    /// Written field by field (`JSONWriter`), not as a `JSON` tree: a coordinator writes one per
    /// runner each second, 10,000 a second in a big group (BENCHMARKS.md, section e).
    package static func standing(_ standing: GroupStanding, seq: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.field("type", "standing")
        writer.field("seq", seq)
        writer.field("phase", standing.phase.rawValue)
        if let place = standing.place { writer.field("place", place) } else { writer.nullField("place") }
        writer.field("runners", standing.runners)
        writer.field("goal_m", standing.goalMetres, decimals: 1)
        if let leader = standing.leader {
            writer.field("leader") { leaderFields in
                leaderFields.field("name", leader.name)
                leaderFields.field("distance_m", leader.distanceMetres, decimals: 1)
            }
        }
        if let ahead = standing.ahead { writer.field("ahead") { write(ahead, to: &$0) } }
        if let behind = standing.behind { writer.field("behind") { write(behind, to: &$0) } }
        if let team = standing.teamMetres { writer.field("team_m", team, decimals: 1) }
        return writer.closed()
    }

    package static func standing(_ payload: [UInt8]) -> GroupStanding? {
        guard let object = object(payload), object["type"].stringValue == "standing", let phaseText = object["phase"].stringValue,
            let phase = GroupBoard.Phase(rawValue: phaseText), let runners = object["runners"].integerValue,
            let goal = object["goal_m"].numericValue
        else { return nil }
        var leader: GroupRunner?
        if let entry = try? object["leader"].object(), let name = entry["name"].stringValue, let distance = entry["distance_m"].numericValue {
            leader = GroupRunner(id: "", name: name, distanceMetres: distance)
        }
        return GroupStanding(
            phase: phase, place: object["place"].integerValue, runners: runners, leader: leader,
            ahead: (try? object["ahead"].object()).flatMap(neighbour), behind: (try? object["behind"].object()).flatMap(neighbour),
            teamMetres: object["team_m"].numericValue, goalMetres: goal)
    }

    // MARK: Pieces

    private static func termsFields(_ terms: GroupTerms) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1))]
        fields.append(("speed", terms.speed.map { .number(shortest: $0) } ?? .null))
        return fields
    }

    private static func terms(_ object: JSONField) -> GroupTerms? {
        guard let modeText = object["mode"].stringValue, let mode = MateMode(rawValue: modeText),
            let goal = object["goal_m"].numericValue, goal > 0
        else { return nil }
        let speed = object["speed"].numericValue
        if let speed, !(0.01...10_000).contains(speed) { return nil }
        return GroupTerms(mode: mode, goalMetres: goal, speed: speed)
    }

    private static func runnerFields(_ runner: GroupRunner, place: Int?) -> JSON {
        var fields: [(String, JSON)] = [
            ("place", place.map { .integer($0) } ?? .null), ("id", .string(runner.id)), ("name", .string(runner.name)),
            ("distance_m", .number(runner.distanceMetres, decimals: 1)), ("elapsed_s", .number(runner.elapsedSeconds, decimals: 1)),
            ("status", .string(runner.status.rawValue)), ("reached_goal", .bool(runner.reachedGoal)),
        ]
        if let note = runner.note { fields.append(("note", .string(note))) }
        return .object(fields)
    }

    private static func runner(_ object: JSONField) -> GroupRunner? {
        guard let id = object["id"].stringValue, let name = object["name"].stringValue,
            let distance = object["distance_m"].numericValue, let elapsed = object["elapsed_s"].numericValue,
            let statusText = object["status"].stringValue, let status = GroupRunnerStatus(rawValue: statusText)
        else { return nil }
        var reached = false
        if let value = try? object["reached_goal"].bool() { reached = value }
        var note: String?
        if let text = object["note"].stringValue { note = text }
        return GroupRunner(
            id: id, name: name, distanceMetres: distance, elapsedSeconds: elapsed, status: status, reachedGoal: reached, note: note)
    }

    private static func write(_ neighbour: GroupStanding.Neighbour, to writer: inout JSONWriter) {
        writer.field("name", neighbour.name)
        writer.field("gap_m", neighbour.gapMetres, decimals: 1)
        if let gap = neighbour.gapSeconds { writer.field("gap_s", gap, decimals: 1) } else { writer.nullField("gap_s") }
        writer.field("status", neighbour.status.rawValue)
    }

    private static func neighbour(_ object: JSONField) -> GroupStanding.Neighbour? {
        guard let name = object["name"].stringValue, let gap = object["gap_m"].numericValue, let statusText = object["status"].stringValue,
            let status = GroupRunnerStatus(rawValue: statusText)
        else { return nil }
        return GroupStanding.Neighbour(name: name, gapMetres: gap, gapSeconds: object["gap_s"].numericValue, status: status)
    }

    private static func bytes(_ json: JSON) -> [UInt8] {
        Array(json.jsonText.utf8)
    }

    /// The message's object, read through `JSONField`; nil when it is too large or not an object.
    private static func object(_ payload: [UInt8]) -> JSONField? {
        guard payload.count <= 1_048_576, let parsed = try? JSONParser.parse(payload), parsed.objectValue != nil else { return nil }
        return JSONField(parsed)
    }
}

/// The coordinator said no to a join.
package struct GroupRefused: Error, Sendable, Equatable, CustomStringConvertible {
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { "the group refused: \(reason)" }
}
