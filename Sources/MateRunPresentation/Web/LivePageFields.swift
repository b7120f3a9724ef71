import MateRunDomain
import MateRunJSON

/// What the live page is sent beyond a `--json` line: the course ahead in the `hello`, and with
/// each progress where the runner and the others stand on the map, their gaps in metres, seconds
/// and words, and the workout's step as the terminal panel says it.
///
/// It exists so that the page's script only draws: placing runners along the course, the gaps
/// and their words are worked out here, pure, and tested in Swift.
package struct LivePageFields: Sendable {
    private var map: RunnersOnCourse
    private let runnerName: String
    /// A group's runners as its last board had them: name, distance and run time.
    private var board: [(name: String, distanceMetres: Double, seconds: Double?)] = []
    /// When the runner, and each other one seen, passed each distance: for gaps in seconds.
    private var own = Passages()
    /// The frame last sent: a progress carries it only when it changed (a viewer keeps the last).
    private var sentFrame: MapFrame?
    private var others: [String: Passages] = [:]
    /// The group's neighbours as the last standing had them: name, metres and seconds they lead by.
    private var neighbours: [(name: String, leadMetres: Double, leadSeconds: Double?)] = []

    package init(course: CourseLine?, runnerName: String) {
        map = RunnersOnCourse(course: course)
        self.runnerName = runnerName
        sentFrame = map.course == nil ? nil : map.frame  // a known course's frame goes with the hello
    }

    /// The `hello`'s `course` (its points and length) and `frame`, when the course is known.
    package func helloFields() -> [JSONMember] {
        guard let course = map.course, let frame = map.frame else { return [] }
        return [
            ("course", .object([
                ("length_m", .number(course.lengthMetres, decimals: 1)),
                ("points", .array(course.points.map { .array([Self.degrees($0.latitude), Self.degrees($0.longitude)]) })),
            ])),
            ("frame", Self.frameJSON(frame)),
        ]
    }

    /// A group's `board` or `group` event, as announced: who is in the group and how far.
    package mutating func take(_ fields: [JSONMember]) {
        guard case .string(let type)? = fields.first(where: { $0.key == "type" })?.value else { return }
        let object = JSONObject(fields)
        if type == "board", case .array(let results)? = object["results"] {
            board = results.compactMap { entry in
                guard let entry = entry.objectValue, case .string(let name)? = entry["name"],
                      let metres = Self.double(entry["distance_m"]) else { return nil }
                return (name, metres, Self.double(entry["elapsed_s"]))
            }
            for entry in board {
                if let seconds = entry.seconds { others["group " + entry.name, default: Passages()].record(metres: entry.distanceMetres, seconds: seconds) }
            }
        } else if type == "group" {
            neighbours = [("ahead", 1.0), ("behind", -1.0)].compactMap { key, sign in
                guard let neighbour = object[key]?.objectValue, case .string(let name)? = neighbour["name"],
                      let gap = Self.double(neighbour["gap_m"]) else { return nil }
                return (name, sign * abs(gap), Self.double(neighbour["gap_s"]).map { sign * abs($0) })
            }
        }
    }

    /// The fields a progress adds for the page: `course_m` (the runner's place on a known
    /// course), `frame` (when it changed), `runners` (everyone else, placed, with their gaps)
    /// and `step`.
    package mutating func progressFields(_ snapshot: RunSnapshot, state: RunningViewModel.State, mate: MateView?) -> [JSONMember] {
        if let mate { others["mate " + mate.name, default: Passages()].record(metres: mate.distanceMetres, seconds: mate.elapsedSeconds) }
        return progressFields(
            distanceMetres: snapshot.distanceMetres, elapsedSeconds: snapshot.elapsedSeconds, position: snapshot.position,
            rivals: rivals(ownMetres: snapshot.distanceMetres, ownSeconds: snapshot.elapsedSeconds, ghost: state.ghost, mate: mate),
            step: Self.step(state))
    }

    /// The same from the figures themselves (a kept run's fix, which keeps no workout or ghost).
    package mutating func progressFields(
        distanceMetres: Double, elapsedSeconds: Double, position: Coordinate?, rivals: [PageRival], step: JSON? = nil
    ) -> [JSONMember] {
        own.record(metres: distanceMetres, seconds: elapsedSeconds)
        var fields: [JSONMember] = []
        let own = map.runner(distanceMetres: distanceMetres, position: position)
        if let along = own?.courseMetres { fields.append(("course_m", .number(along, decimals: 1))) }
        if let frame = map.frame, frame != sentFrame {
            sentFrame = frame
            fields.append(("frame", Self.frameJSON(frame)))
        }
        fields.append(("runners", .array(rivals.map { rivalJSON($0) })))
        if let step { fields.append(("step", step)) }
        return fields
    }

    /// The ghost, the mate, and a group's runners (everyone on its board, else its neighbours).
    /// The ghost's gap in seconds is its own (by moving time); a mate's and a board's runners'
    /// come from when each passed the other's distance, by run time, when that was seen.
    package func rivals(ownMetres: Double, ownSeconds: Double, ghost: GhostStanding?, mate: MateView?) -> [PageRival] {
        var rivals: [PageRival] = []
        if let ghost { rivals.append(.ghost(ghost)) }
        if let mate {
            var rival = PageRival.mate(mate)
            rival.gapSeconds = own.gapSeconds(
                ownMetres: ownMetres, ownSeconds: ownSeconds, theirMetres: mate.distanceMetres, theirSeconds: mate.elapsedSeconds,
                theirs: others["mate " + mate.name] ?? Passages())
            rivals.append(rival)
        }
        let seconds = Dictionary(neighbours.map { ($0.name, $0.leadSeconds) }, uniquingKeysWith: { first, _ in first })
        if !board.isEmpty {
            for entry in board where entry.name != runnerName {
                let passed = entry.seconds.flatMap {
                    own.gapSeconds(
                        ownMetres: ownMetres, ownSeconds: ownSeconds, theirMetres: entry.distanceMetres, theirSeconds: $0,
                        theirs: others["group " + entry.name] ?? Passages())
                }
                rivals.append(PageRival(
                    name: entry.name, kind: .group, distanceMetres: entry.distanceMetres, gapMetres: ownMetres - entry.distanceMetres,
                    gapSeconds: seconds[entry.name].flatMap { $0.map { -$0 } } ?? passed))
            }
        } else {
            for neighbour in neighbours {
                rivals.append(PageRival(
                    name: neighbour.name, kind: .group, distanceMetres: ownMetres + neighbour.leadMetres,
                    gapMetres: -neighbour.leadMetres, gapSeconds: neighbour.leadSeconds.map { -$0 }))
            }
        }
        return rivals
    }

    private func rivalJSON(_ rival: PageRival) -> JSON {
        let placed = map.place(distanceMetres: rival.distanceMetres)
        var members: [JSONMember] = [
            ("name", .string(rival.name)), ("kind", .string(rival.kind.rawValue)),
            ("distance_m", .number(rival.distanceMetres, decimals: 1)), ("gap_m", .number(rival.gapMetres, decimals: 1)),
            ("gap_s", rival.gapSeconds.map { .number($0, decimals: 1) } ?? .null),
            ("runner_ahead", rival.runnerAhead.map(JSON.bool) ?? .null), ("words", .string(rival.words)),
        ]
        if let placed {
            members += [
                ("lat", Self.degrees(placed.point.latitude)), ("lon", Self.degrees(placed.point.longitude)),
                ("place", .string(placed.place.rawValue)),
                ("course_m", placed.courseMetres.map { .number($0, decimals: 1) } ?? .null),
            ]
        }
        return .object(members)
    }

    /// The workout's step as the terminal panel writes it (`workoutStep`), in its parts.
    static func step(_ state: RunningViewModel.State) -> JSON? {
        guard let position = state.workout else { return nil }
        let target = position.step.targetPaceSecondsPerKilometre.map { " " + RunFormat.pace(secondsPerKilometre: $0) } ?? ""
        return .object([
            ("name", .string(WorkoutFormat.stepName(position))),
            ("doing", .string(WorkoutFormat.doing(position.step) + target)),
            ("left", .string(WorkoutFormat.left(position) + " left")),
            ("next", .string(WorkoutFormat.next(position))),
        ])
    }

    private static func frameJSON(_ frame: MapFrame) -> JSON {
        .array([degrees(frame.south), degrees(frame.west), degrees(frame.north), degrees(frame.east)])
    }

    private static func degrees(_ value: Double) -> JSON { .number(value, decimals: 6) }

    private static func double(_ value: JSON?) -> Double? {
        if case .number(let number)? = value { return number.double }
        return nil
    }
}
