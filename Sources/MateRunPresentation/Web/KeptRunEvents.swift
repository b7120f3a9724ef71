import MateRunDomain
import MateRunJSON

/// A kept run as the messages a live viewer of it would have received, for the exported page
/// (`materun export ID --format html`): a `hello`, a `progress` per kept fix, the splits where
/// they fell, the group's last board for a group run, and the `summary` line `show --json` prints.
///
/// A progress message carries what the history keeps of a fix (times, distance, position,
/// elevation, heart rate, cadence, the mate's distance then); the figures it does not keep, the
/// pace and calories at that moment, are left out rather than made up.
package enum KeptRunEvents {
    package static func events(_ record: RunRecord) -> [RunPageEvent] {
        let run = record.summary
        var page = LivePageFields(course: CourseLine(track: record.fixes.map(\.coordinate)), runnerName: run.header.runner.name)
        var events = [RunPageEvent(type: "hello", data: hello(run, course: page.helloFields()))]
        var splits = run.outcome.splits[...]
        var mate = MateDistance(record)
        for fix in record.fixes {
            while let split = splits.first, split.endElapsedSeconds <= fix.time {
                events.append(RunPageEvent(type: "split", data: JSONEventView(profile: run.header.runner).splitLine(split)))
                splits = splits.dropFirst()
            }
            let mateNow = mate.at(fix.time)
            let rivals = mateNow.map { [PageRival(
                name: $0.name, kind: .mate, distanceMetres: $0.point.distanceMetres,
                gapMetres: fix.distanceMetres - $0.point.distanceMetres, gapSeconds: nil)] } ?? []
            let placed = page.progressFields(
                distanceMetres: fix.distanceMetres, elapsedSeconds: fix.time, position: fix.coordinate, rivals: rivals)
            events.append(RunPageEvent(
                type: "progress", data: progress(fix, goal: run.header.goalMetres, mate: mateNow, page: placed)))
        }
        for split in splits {
            events.append(RunPageEvent(type: "split", data: JSONEventView(profile: run.header.runner).splitLine(split)))
        }
        if let group = run.outcome.group { events.append(RunPageEvent(type: "board", data: board(group, goal: run.header.goalMetres))) }
        events.append(RunPageEvent(type: "summary", data: KeptRunView.summaryLine(run)))
        return events
    }

    private static func hello(_ run: RunRecordSummary, course: [JSONMember]) -> String {
        let kind = run.outcome.group != nil ? "group" : run.header.pairing != nil ? "mate" : "solo"
        return JSON.object([
            ("type", .string("hello")), ("kind", .string(kind)), ("runner", .string(run.header.runner.name)),
            ("goal_m", run.header.goalMetres.map { .number($0, decimals: 1) } ?? .null),
            ("mode", run.header.pairing.map { .string($0.mode.rawValue) } ?? .null),
            ("mate", run.header.pairing.map { .string($0.mateName) } ?? .null),
            ("ghost", run.outcome.ghost.map { .string($0.source) } ?? .null),
        ] + course).jsonText
    }

    private static func progress(
        _ fix: RecordedFix, goal: Double?, mate: (name: String, point: MateProgressPoint)?, page: [JSONMember]
    ) -> String {
        var writer = JSONWriter()
        writer.field("type", "progress")
        writer.field("elapsed_s", fix.time, decimals: 1)
        writer.field("moving_s", fix.movingSeconds, decimals: 1)
        writer.field("distance_m", fix.distanceMetres, decimals: 1)
        if fix.distanceMetres >= 10 {
            writer.field("avg_pace_s_per_km", fix.movingSeconds / fix.distanceMetres * 1000, decimals: 1)
        } else {
            writer.nullField("avg_pace_s_per_km")
        }
        if let goal { writer.field("goal_m", goal, decimals: 1) } else { writer.nullField("goal_m") }
        if let heartRate = fix.heartRate { writer.field("heart_rate_bpm", heartRate, decimals: 0) }
        if let cadence = fix.cadence { writer.field("cadence_spm", cadence, decimals: 0) }
        if let elevation = fix.elevation { writer.field("elevation_m", elevation, decimals: 1) }
        writer.field("lat", fix.coordinate.latitude, decimals: 7)
        writer.field("lon", fix.coordinate.longitude, decimals: 7)
        if let mate {
            writer.field(("mate", .object([
                ("name", .string(mate.name)), ("distance_m", .number(mate.point.distanceMetres, decimals: 1)),
                ("elapsed_s", .number(mate.point.elapsedSeconds, decimals: 1)),
            ])))
        }
        for member in page { writer.field(member) }
        return String(decoding: writer.closed(), as: UTF8.self)
    }

    /// The group's result as its last board: the places and figures the history keeps.
    private static func board(_ group: RecordedGroupResult, goal: Double?) -> String {
        JSON.object([
            ("type", .string("board")), ("phase", .string("over")), ("goal_m", goal.map { .number($0, decimals: 1) } ?? .null),
            ("runners", .integer(group.runners)), ("total", .integer(group.runners)),
            ("results", .array(group.results.map { entry in
                .object([
                    ("place", entry.place.map { .integer($0) } ?? .null), ("name", .string(entry.name)),
                    ("distance_m", .number(entry.distanceMetres, decimals: 1)),
                    ("elapsed_s", .number(entry.elapsedSeconds, decimals: 1)),
                ])
            })),
        ]).jsonText
    }

    /// The mate's latest kept progress at a time of the run, walked forward with the fixes.
    private struct MateDistance {
        let name: String?
        let points: [MateProgressPoint]
        var next = 0

        init(_ record: RunRecord) {
            name = record.summary.header.pairing?.mateName
            points = record.mateProgress
        }

        mutating func at(_ elapsedSeconds: Double) -> (name: String, point: MateProgressPoint)? {
            guard let name else { return nil }
            while next < points.count, points[next].elapsedSeconds <= elapsedSeconds { next += 1 }
            return next > 0 ? (name, points[next - 1]) : nil
        }
    }
}
