import MateRunDomain
import MateRunJSON

/// The group's messages as JSON objects on the wire, and back. Reading is strict about types
/// and lenient about unknown fields; anything that does not read is dropped by the caller.
package enum GroupWire {
    /// The most runners a board message lists (the leaders): a board of 10,000 runners would
    /// not fit a NATS message; each runner gets its own standing instead.
    package static let boardLimit = 100

    // MARK: Join

    package static func joinRequest(name: String) -> [UInt8] {
        bytes(.object([("type", .string("join")), ("name", .string(name))]))
    }

    package static func joinName(_ payload: [UInt8]) -> String? {
        guard let object = object(payload), case .string(let name)? = object["name"] else { return nil }
        return name
    }

    package struct Welcome: Sendable, Equatable {
        package var id: String
        package var key: String
        package var terms: GroupTerms
    }

    package static func welcome(_ welcome: Welcome) -> [UInt8] {
        var members: [(String, JSON)] = [
            ("type", .string("welcome")), ("id", .string(welcome.id)), ("key", .string(welcome.key)),
        ]
        members += termsFields(welcome.terms)
        return bytes(.object(members))
    }

    package static func refusal(_ reason: String) -> [UInt8] {
        bytes(.object([("type", .string("refused")), ("reason", .string(reason))]))
    }

    /// A join's answer: the welcome, or the refusal's reason.
    package static func joinAnswer(_ payload: [UInt8]) -> Result<Welcome, GroupRefused>? {
        guard let object = object(payload), case .string(let type)? = object["type"] else { return nil }
        if type == "refused" {
            guard case .string(let reason)? = object["reason"] else { return nil }
            return .failure(GroupRefused(reason: reason))
        }
        guard type == "welcome", case .string(let id)? = object["id"], case .string(let key)? = object["key"],
            let terms = terms(object)
        else { return nil }
        return .success(Welcome(id: id, key: key, terms: terms))
    }

    // MARK: Reports

    package static func report(_ report: GroupReport, key: String) -> [UInt8] {
        bytes(.object([
            ("type", .string("report")), ("key", .string(key)), ("seq", .integer(report.seq)),
            ("elapsed_s", .number(report.elapsedSeconds, decimals: 1)), ("distance_m", .number(report.distanceMetres, decimals: 1)),
            ("finished", .bool(report.finished)), ("reached_goal", .bool(report.reachedGoal)),
        ]))
    }

    package static func bye(key: String) -> [UInt8] {
        bytes(.object([("type", .string("bye")), ("key", .string(key))]))
    }

    /// A runner's message: its key, and its report (nil for a goodbye).
    package static func runnerMessage(_ payload: [UInt8]) -> (key: String, report: GroupReport?)? {
        guard let object = object(payload), case .string(let type)? = object["type"], case .string(let key)? = object["key"] else {
            return nil
        }
        if type == "bye" { return (key, nil) }
        guard type == "report", let seq = integer(object["seq"]), let elapsed = double(object["elapsed_s"]),
            let distance = double(object["distance_m"]), case .bool(let finished)? = object["finished"]
        else { return nil }
        var reachedGoal = false
        if case .bool(let reached)? = object["reached_goal"] { reachedGoal = reached }
        return (key, GroupReport(seq: seq, elapsedSeconds: elapsed, distanceMetres: distance, finished: finished, reachedGoal: reachedGoal))
    }

    // MARK: Control

    /// What the coordinator tells every runner.
    package enum Control: Sendable, Equatable {
        case start(inSeconds: Double)
        case stop
        case refused(id: String, reason: String)
    }

    package static func control(_ control: Control) -> [UInt8] {
        switch control {
        case .start(let seconds): bytes(.object([("type", .string("start")), ("in_s", .number(seconds, decimals: 3))]))
        case .stop: bytes(.object([("type", .string("stop"))]))
        case .refused(let id, let reason):
            bytes(.object([("type", .string("refused")), ("id", .string(id)), ("reason", .string(reason))]))
        }
    }

    package static func control(_ payload: [UInt8]) -> Control? {
        guard let object = object(payload), case .string(let type)? = object["type"] else { return nil }
        switch type {
        case "start": return double(object["in_s"]).map { .start(inSeconds: min(max($0, 0), 60)) }
        case "stop": return .stop
        case "refused":
            guard case .string(let id)? = object["id"], case .string(let reason)? = object["reason"] else { return nil }
            return .refused(id: id, reason: reason)
        default: return nil
        }
    }

    // MARK: Board

    /// The board with its first `boardLimit` runners, and how many there are in all.
    package static func board(_ board: GroupBoard) -> [UInt8] {
        let counted = board.runners.count { $0.status != .refused }
        let listed = board.runners.prefix(boardLimit).enumerated().map { offset, runner in
            runnerFields(runner, place: runner.status == .refused ? nil : offset + 1)
        }
        var members: [(String, JSON)] = [("type", .string("board")), ("phase", .string(board.phase.rawValue))]
        members += termsFields(board.terms)
        members += [
            ("team_m", .number(board.teamMetres, decimals: 1)), ("runners", .integer(counted)),
            ("total", .integer(board.runners.count)), ("results", .array(listed)),
        ]
        return bytes(.object(members))
    }

    /// A board as published: its phase and terms, the listed runners in order, and the count.
    package struct BoardMessage: Sendable, Equatable {
        package var board: GroupBoard
        package var places: [Int?]
        package var runners: Int
        package var teamMetres: Double
    }

    package static func board(_ payload: [UInt8]) -> BoardMessage? {
        guard let object = object(payload), case .string("board")? = object["type"], case .string(let phaseText)? = object["phase"],
            let phase = GroupBoard.Phase(rawValue: phaseText), let terms = terms(object), case .array(let list)? = object["results"],
            let count = integer(object["runners"]), let team = double(object["team_m"])
        else { return nil }
        var runners: [GroupRunner] = []
        var places: [Int?] = []
        for item in list.prefix(boardLimit) {
            guard let entry = item.objectValue, let runner = runner(entry) else { return nil }
            runners.append(runner)
            places.append(integer(entry["place"]))
        }
        var board = GroupBoard(phase: phase, terms: terms, runners: [])
        board.runners = runners
        return BoardMessage(board: board, places: places, runners: count, teamMetres: team)
    }

    // MARK: Standing

    /// Written field by field (`JSONWriter`), not as a `JSON` tree: a coordinator writes one per
    /// runner each second, 10,000 a second in a big group (BENCHMARKS.md, section e).
    package static func standing(_ standing: GroupStanding) -> [UInt8] {
        var writer = JSONWriter()
        writer.field("type", "standing")
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
        guard let object = object(payload), case .string("standing")? = object["type"], case .string(let phaseText)? = object["phase"],
            let phase = GroupBoard.Phase(rawValue: phaseText), let runners = integer(object["runners"]),
            let goal = double(object["goal_m"])
        else { return nil }
        var leader: GroupRunner?
        if let entry = object["leader"]?.objectValue, case .string(let name)? = entry["name"], let distance = double(entry["distance_m"]) {
            leader = GroupRunner(id: "", name: name, distanceMetres: distance)
        }
        return GroupStanding(
            phase: phase, place: integer(object["place"]), runners: runners, leader: leader,
            ahead: object["ahead"]?.objectValue.flatMap(neighbour), behind: object["behind"]?.objectValue.flatMap(neighbour),
            teamMetres: double(object["team_m"]), goalMetres: goal)
    }

    // MARK: Pieces

    private static func termsFields(_ terms: GroupTerms) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1))]
        fields.append(("speed", terms.speed.map { .number(shortest: $0) } ?? .null))
        return fields
    }

    private static func terms(_ object: JSONObject) -> GroupTerms? {
        guard case .string(let modeText)? = object["mode"], let mode = MateMode(rawValue: modeText),
            let goal = double(object["goal_m"]), goal > 0
        else { return nil }
        let speed = double(object["speed"])
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

    private static func runner(_ object: JSONObject) -> GroupRunner? {
        guard case .string(let id)? = object["id"], case .string(let name)? = object["name"],
            let distance = double(object["distance_m"]), let elapsed = double(object["elapsed_s"]),
            case .string(let statusText)? = object["status"], let status = GroupRunnerStatus(rawValue: statusText)
        else { return nil }
        var reached = false
        if case .bool(let value)? = object["reached_goal"] { reached = value }
        var note: String?
        if case .string(let text)? = object["note"] { note = text }
        return GroupRunner(
            id: id, name: name, distanceMetres: distance, elapsedSeconds: elapsed, status: status, reachedGoal: reached, note: note)
    }

    private static func write(_ neighbour: GroupStanding.Neighbour, to writer: inout JSONWriter) {
        writer.field("name", neighbour.name)
        writer.field("gap_m", neighbour.gapMetres, decimals: 1)
        if let gap = neighbour.gapSeconds { writer.field("gap_s", gap, decimals: 1) } else { writer.nullField("gap_s") }
        writer.field("status", neighbour.status.rawValue)
    }

    private static func neighbour(_ object: JSONObject) -> GroupStanding.Neighbour? {
        guard case .string(let name)? = object["name"], let gap = double(object["gap_m"]), case .string(let statusText)? = object["status"],
            let status = GroupRunnerStatus(rawValue: statusText)
        else { return nil }
        return GroupStanding.Neighbour(name: name, gapMetres: gap, gapSeconds: double(object["gap_s"]), status: status)
    }

    private static func bytes(_ json: JSON) -> [UInt8] {
        Array(json.jsonText.utf8)
    }

    private static func object(_ payload: [UInt8]) -> JSONObject? {
        guard payload.count <= 1_048_576 else { return nil }
        return (try? JSONParser.parse(payload))?.objectValue
    }

    private static func double(_ json: JSON?) -> Double? {
        guard case .number(let number)? = json, let value = number.double, value.isFinite else { return nil }
        return value
    }

    private static func integer(_ json: JSON?) -> Int? {
        guard case .number(let number)? = json else { return nil }
        return number.integer
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
