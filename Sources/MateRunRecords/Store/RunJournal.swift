import MateRunDomain
import MateRunJSON

/// The append-only journal of a run (`track.jsonl`): one JSON object a line, the header first,
/// then fixes, splits and the mate's progress as they happen, and an `end` line with the outcome
/// when the run is sealed. It is the run's track for good, and the source a cut-short run, or a
/// run whose `run.json` is damaged, is rebuilt from.
///
/// A line is only trusted whole: reading stops at the first line that is not complete and valid
/// (the one a crash cut), and keeps everything before it.
package enum RunJournal {
    package static let format = "materun-journal"
    package static let version = 1

    // MARK: Writing

    static func startLine(id: RunRecordID, header: RunRecordHeader) -> String {
        var members: [JSONMember] = [
            ("type", .string("start")),
            ("format", .string(format)),
            ("version", .integer(version)),
            ("id", .string(id.rawValue)),
            ("started_at_unix", .number(shortest: header.startedAt)),
            ("utc_offset_s", .integer(header.utcOffsetSeconds)),
            ("runner", .string(header.runner.name)),
            ("runner_weight_kg", .number(shortest: header.runner.weightKilograms)),
            ("scenario", .string(header.scenario.name)),
            ("scenario_path", .string(header.scenario.path)),
        ]
        if let keptAt = header.keptAt { members.append(("kept_at_unix", .number(shortest: keptAt))) }
        if let goal = header.goalMetres { members.append(("goal_m", .number(shortest: goal))) }
        if let pairing = header.pairing {
            members += [("mode", .string(pairing.mode.rawValue)), ("mate", .string(pairing.mateName))]
        }
        return line(members)
    }

    /// A fix's line, written straight into `bytes`: a run keeps one a second of run time, so a
    /// replay at `--speed max` writes hundreds of thousands, and a `JSON` tree per line cost more
    /// than the whole run.
    static func writeFixLine(_ kept: KeptFix, to bytes: inout [UInt8]) {
        let fix = kept.fix
        var writer = JSONWriter(appendingTo: &bytes)
        writer.fields(room: fixLineRoom) { line in
            line.field("type", constant: "fix")
            line.field("t", fix.time)
            line.field("lat", fix.coordinate.latitude)
            line.field("lon", fix.coordinate.longitude)
            if let elevation = fix.elevation { line.field("ele", elevation) }
            if let heartRate = fix.heartRate { line.field("hr", heartRate) }
            if let cadence = fix.cadence { line.field("cad", cadence) }
            if let accuracy = fix.horizontalAccuracy { line.field("acc", accuracy) }
            if let activity = fix.activity { line.field("act", constant: activity.journalName) }
            line.field("d", fix.distanceMetres)
            line.field("m", fix.movingSeconds)
            line.field("e", kept.elapsedSeconds)
            line.field("kcal", kept.caloriesKilocalories)
            line.field("gain", kept.elevationGainMetres)
        }
        writer.endLine(into: &bytes)
    }

    /// The most a fix line's fields take: `"type":"fix"`, the activity's name (`walking` and
    /// `running` are the longest), and twelve numbers with keys of four letters at most.
    private static let fixLineRoom = JSONWriter.room("type", valueBytes: 5)
        + JSONWriter.room("act", valueBytes: 9) + 12 * JSONWriter.room("kcal", valueBytes: JSONFieldSpan.doubleBytes)

    static func splitLine(_ split: Split) -> String {
        line([("type", .string("split"))] + RunRecordJSON.splitFields(split))
    }

    static func lapLine(_ lap: Split) -> String {
        line([("type", .string("lap"))] + RunRecordJSON.splitFields(lap))
    }

    /// The closing line of a sealed run: its outcome, written before `run.json`, so that the
    /// journal alone can rebuild the run if `run.json` is ever lost or damaged.
    /// `startedAt` is the run's start when it is known only at the end (it then replaces the
    /// header's).
    static func endLine(_ outcome: RunRecordOutcome, startedAt: Double? = nil) -> String {
        line([("type", .string("end"))] + RunRecordJSON.outcomeFields(outcome)
            + (startedAt.map { [("started_at_unix", .number(shortest: $0))] } ?? []))
    }

    static func mateLine(_ point: MateProgressPoint) -> String {
        line([
            ("type", .string("mate")),
            ("e", .number(shortest: point.elapsedSeconds)),
            ("d", .number(shortest: point.distanceMetres)),
        ])
    }

    /// One journal line: the object, then the newline that marks it whole.
    private static func line(_ members: [JSONMember]) -> String {
        JSON.object(members).jsonText + "\n"
    }

    // MARK: Reading

    /// What a journal holds, up to its last whole line.
    package struct Contents: Sendable, Equatable {
        package var id: RunRecordID
        package var header: RunRecordHeader
        package var fixes: [RecordedFix]
        package var splits: [Split]
        package var laps: [Split] = []
        package var mateProgress: [MateProgressPoint]
        /// The run's figures at the last fix (zero before the first).
        package var lastFigures: RunFigures
        /// The outcome the run was sealed with (its `end` line), nil for a run cut short.
        package var sealedOutcome: RunRecordOutcome? = nil
        /// Bytes of whole, valid lines; anything after was cut by a crash.
        package var validBytes: Int
    }

    /// Reads a journal. Throws only when not even the header line is whole and valid.
    package static func read(_ bytes: [UInt8], place: String) throws(RecordFormatError) -> Contents {
        var lines = WholeLines(bytes)
        guard let first = lines.next(), let start = try? JSONFields(parsing: Array(first), place: "\(place) line 1"),
              start.optionalString("format") == format
        else { throw RecordFormatError(place: "\(place) line 1", expected: "a materun journal header") }
        let fileVersion = try start.integer("version")
        guard fileVersion <= version else {
            throw RecordFormatError(place: place, expected: "journal version \(version) or older, not \(fileVersion)")
        }
        var contents = Contents(
            id: RunRecordID(try start.string("id")), header: try header(start), fixes: [], splits: [], mateProgress: [],
            lastFigures: RunFigures(), validBytes: lines.consumed
        )
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            guard let fields = try? JSONFields(parsing: Array(line), place: "\(place) line \(lineNumber)"),
                  (try? add(fields, to: &contents)) != nil
            else { break }
            contents.validBytes = lines.consumed
        }
        return contents
    }

    private static func header(_ start: JSONFields) throws(RecordFormatError) -> RunRecordHeader {
        RunRecordHeader(
            startedAt: try start.number("started_at_unix"), utcOffsetSeconds: try start.integer("utc_offset_s"),
            runner: RunnerProfile(name: try start.string("runner"), weightKilograms: try start.number("runner_weight_kg")),
            scenario: RecordedScenario(name: try start.string("scenario"), path: try start.string("scenario_path")),
            pairing: try RunRecordJSON.pairing(start), goalMetres: start.optionalNumber("goal_m"),
            keptAt: start.optionalNumber("kept_at_unix")
        )
    }

    private static func add(_ fields: JSONFields, to contents: inout Contents) throws(RecordFormatError) {
        switch try fields.string("type") {
        case "fix":
            let fix = RecordedFix(
                time: try fields.number("t"),
                coordinate: Coordinate(latitude: try fields.number("lat", in: -90...90), longitude: try fields.number("lon", in: -180...180)),
                elevation: fields.optionalNumber("ele"), heartRate: fields.optionalNumber("hr"),
                cadence: fields.optionalNumber("cad"), horizontalAccuracy: fields.optionalNumber("acc"),
                activity: fields.optionalString("act").flatMap(Activity.init(rawValue:)),
                distanceMetres: try fields.number("d"), movingSeconds: try fields.number("m")
            )
            contents.fixes.append(fix)
            contents.lastFigures = RunFigures(
                elapsedSeconds: try fields.number("e"), movingSeconds: fix.movingSeconds, distanceMetres: fix.distanceMetres,
                caloriesKilocalories: try fields.number("kcal"), elevationGainMetres: try fields.number("gain")
            )
        case "split":
            contents.splits.append(try RunRecordJSON.split(fields))
        case "lap":
            contents.laps.append(try RunRecordJSON.split(fields))
        case "mate":
            contents.mateProgress.append(MateProgressPoint(elapsedSeconds: try fields.number("e"), distanceMetres: try fields.number("d")))
        case "end":
            contents.sealedOutcome = try RunRecordJSON.outcome(fields)
            if let startedAt = fields.optionalNumber("started_at_unix") { contents.header.startedAt = startedAt }
        default:
            throw RecordFormatError(place: fields.place, expected: "a fix, split, lap, mate or end line")
        }
    }
}

extension Activity {
    /// The name a journal line gives it (its raw value), as a constant of the program.
    fileprivate var journalName: StaticString {
        switch self {
        case .still: "still"
        case .walking: "walking"
        case .running: "running"
        }
    }
}

/// The newline-terminated lines of a buffer; a last line without its newline is not whole and is
/// not returned.
private struct WholeLines {
    private let bytes: [UInt8]
    private(set) var consumed = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> ArraySlice<UInt8>? {
        guard let newline = bytes[consumed...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { consumed = newline + 1 }
        return bytes[consumed..<newline]
    }
}
