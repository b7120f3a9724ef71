import MateRunDomain
import MateRunJSON

/// The JSON shapes of a kept run: the versioned `run.json`, and the `history --json` lines built
/// from the same fields (docs/RECORDS.md describes both). Written and read with MateRunJSON.
///
/// `run.json` holds what `history` lists and nothing more: the splits, like the fixes, are in the
/// run's journal, so that ten thousand summaries read fast.
package enum RunRecordJSON {
    /// The `format` word of a `run.json`; a file without it is not ours.
    package static let format = "materun-run"
    /// The `run.json` version this code writes and reads; a newer one is reported, not guessed at.
    package static let version = 1

    // MARK: Writing

    /// The whole `run.json` text (one line, then a newline).
    package static func runFile(_ summary: RunRecordSummary, fixCount: Int) -> String {
        let header = summary.header
        var members: [JSONMember] = [("format", .string(format)), ("version", .integer(version))]
        members += listingFields(summary, exact: true)
        members += [
            ("started_at_unix", .number(shortest: header.startedAt)),
            ("utc_offset_s", .integer(header.utcOffsetSeconds)),
            ("runner_weight_kg", .number(shortest: header.runner.weightKilograms)),
            ("scenario_path", .string(header.scenario.path)),
        ]
        if let keptAt = header.keptAt { members.append(("kept_at_unix", .number(shortest: keptAt))) }
        if let goal = header.goalMetres { members.append(("goal_m", .number(shortest: goal))) }
        members += [
            ("elevation_gain_m", .number(shortest: summary.outcome.figures.elevationGainMetres)),
            ("fixes", .integer(fixCount)),
        ]
        members += bodyAndMateFields(summary.outcome)
        members.append(("bests", .object(bestsFields(summary.bests, withRun: false))))
        return JSON.object(members).jsonText + "\n"
    }

    /// A whole outcome, exact: what the journal's closing `end` line carries, so that the journal
    /// alone can rebuild a sealed run whose `run.json` is lost.
    static func outcomeFields(_ outcome: RunRecordOutcome) -> [JSONMember] {
        let figures = outcome.figures
        return [
            ("ending", .string(outcome.ending.rawValue)),
            ("elapsed_s", .number(shortest: figures.elapsedSeconds)),
            ("moving_s", .number(shortest: figures.movingSeconds)),
            ("distance_m", .number(shortest: figures.distanceMetres)),
            ("calories_kcal", .number(shortest: figures.caloriesKilocalories)),
            ("elevation_gain_m", .number(shortest: figures.elevationGainMetres)),
        ] + bodyAndMateFields(outcome) + (outcome.mate.map { [("result", .string($0.result.rawValue))] } ?? [])
    }

    /// The body's figures, the pair's result beyond the word `result`, and what the tracker left out.
    private static func bodyAndMateFields(_ outcome: RunRecordOutcome) -> [JSONMember] {
        var members: [JSONMember] = []
        let body = outcome.body
        for (key, value) in [
            ("avg_heart_rate_bpm", body.averageHeartRateBPM), ("max_heart_rate_bpm", body.maximumHeartRateBPM),
            ("avg_cadence_spm", body.averageCadenceSPM),
        ] {
            if let value { members.append((key, .number(shortest: value))) }
        }
        if let mate = outcome.mate { members += mateFields(mate) }
        if let group = outcome.group { members.append(("group", groupField(group))) }
        if !outcome.leftOut.isEmpty {
            members.append(("left_out", .array(outcome.leftOut.map { stretch in
                .object([
                    ("reason", .string(stretch.reason.rawValue)), ("distance_m", .number(shortest: stretch.distanceMetres)),
                    ("from_s", .number(shortest: stretch.fromSeconds)), ("to_s", .number(shortest: stretch.toSeconds)),
                ])
            })))
        }
        if let ghost = outcome.ghost { members.append(("ghost", ghostField(ghost))) }
        return members
    }

    /// A race against a ghost: the `--json` summary's `ghost`, every digit kept.
    private static func ghostField(_ ghost: GhostResult) -> JSON {
        .object([
            ("source", .string(ghost.source)), ("distance_m", .number(shortest: ghost.distanceMetres)),
            ("elapsed_s", .number(shortest: ghost.ghostSeconds)), ("gap_s", .number(shortest: ghost.gapSeconds)),
            ("result", .string(ghost.outcome.rawValue)),
        ])
    }

    private static func ghostResult(_ fields: JSONFields) throws(RecordFormatError) -> GhostResult? {
        guard let ghost = fields.optionalObject("ghost") else { return nil }
        return GhostResult(
            source: try ghost.string("source"), distanceMetres: try ghost.number("distance_m"),
            ghostSeconds: try ghost.number("elapsed_s"), gapSeconds: try ghost.number("gap_s"),
            outcome: try ghost.word("result", as: GhostResult.Outcome.self))
    }

    /// The stretches the tracker left out; none for a run kept without the field (before it was kept).
    private static func leftOut(_ fields: JSONFields) throws(RecordFormatError) -> [LeftOutStretch] {
        guard fields.has("left_out") else { return [] }
        var stretches: [LeftOutStretch] = []
        for entry in try fields.objects("left_out") {
            stretches.append(LeftOutStretch(
                reason: try entry.word("reason", as: LeftOutStretch.Reason.self), distanceMetres: try entry.number("distance_m"),
                fromSeconds: try entry.number("from_s"), toSeconds: try entry.number("to_s")))
        }
        return stretches
    }

    /// A group run's result: the same shape as the `--json` summary's `group`.
    private static func groupField(_ group: RecordedGroupResult) -> JSON {
        .object([
            ("place", group.place.map { .integer($0) } ?? .null), ("runners", .integer(group.runners)),
            ("results", .array(group.results.map { entry in
                .object([
                    ("place", entry.place.map { .integer($0) } ?? .null), ("name", .string(entry.name)),
                    ("distance_m", .number(shortest: entry.distanceMetres)), ("elapsed_s", .number(shortest: entry.elapsedSeconds)),
                ])
            })),
        ])
    }

    private static func groupResult(_ fields: JSONFields) throws(RecordFormatError) -> RecordedGroupResult? {
        guard let group = fields.optionalObject("group") else { return nil }
        var results: [RecordedGroupResult.Entry] = []
        for entry in try group.objects("results") {
            results.append(RecordedGroupResult.Entry(
                place: entry.optionalNumber("place").map { Int($0) }, name: try entry.string("name"),
                distanceMetres: try entry.number("distance_m"), elapsedSeconds: try entry.number("elapsed_s")))
        }
        return RecordedGroupResult(
            place: group.optionalNumber("place").map { Int($0) }, runners: try group.integer("runners"), results: results)
    }

    /// One `history --json` line: the fields the issue names, then `mode`, `mate` and `result`
    /// for a paired run.
    package static func historyLine(_ summary: RunRecordSummary) -> String {
        JSON.object(listingFields(summary, exact: false)).jsonText
    }

    /// The closing `{"type":"bests",...}` line of `history --json`.
    package static func bestsLine(_ bests: PersonalBests) -> String {
        JSON.object([("type", .string("bests"))] + bestsFields(bests, withRun: true)).jsonText
    }

    /// The fields `run.json` and a history line share; `exact` keeps every digit (the store),
    /// otherwise figures are rounded for reading (centimetres, milliseconds).
    private static func listingFields(_ summary: RunRecordSummary, exact: Bool) -> [JSONMember] {
        let header = summary.header
        let figures = summary.outcome.figures
        let number = { (value: Double, places: Int) -> JSON in exact ? .number(shortest: value) : .number(value, decimals: places) }
        var members: [JSONMember] = [
            ("id", .string(summary.id.rawValue)),
            ("started_at", .string(ISOTimestamp.text(unixSeconds: header.startedAt, utcOffsetSeconds: header.utcOffsetSeconds))),
        ]
        if let keptAt = header.keptAt {
            members.append(("kept_at", .string(ISOTimestamp.text(unixSeconds: keptAt, utcOffsetSeconds: header.utcOffsetSeconds))))
        }
        members += [
            ("runner", .string(header.runner.name)),
            ("scenario", .string(header.scenario.name)),
            ("distance_m", number(figures.distanceMetres, 2)),
            ("elapsed_s", number(figures.elapsedSeconds, 3)),
            ("moving_s", number(figures.movingSeconds, 3)),
            ("calories_kcal", number(figures.caloriesKilocalories, 2)),
            ("avg_pace_s_per_km", figures.averagePaceSecondsPerKilometre.map { number($0, 2) } ?? .null),
            ("ending", .string(summary.outcome.ending.rawValue)),
        ]
        if let pairing = header.pairing {
            members += [("mode", .string(pairing.mode.rawValue)), ("mate", .string(pairing.mateName))]
        }
        if let mate = summary.outcome.mate { members.append(("result", .string(mate.result.rawValue))) }
        return members
    }

    /// The pair's result beyond the word `result`: what `show` needs to print it again.
    private static func mateFields(_ mate: RecordedMateResult) -> [JSONMember] {
        var members: [JSONMember] = [
            ("mate_distance_m", .number(shortest: mate.mateDistanceMetres)),
            ("mate_elapsed_s", .number(shortest: mate.mateElapsedSeconds)),
            ("mate_final", .bool(mate.mateFinal)),
            ("mate_connected", .bool(mate.mateConnected)),
        ]
        if let winner = mate.winner { members.append(("winner", .string(winner.rawValue))) }
        if let share = mate.ownSharePercent { members.append(("share_percent", .number(shortest: share))) }
        if let reason = mate.resultReason { members.append(("result_reason", .string(reason))) }
        return members
    }

    /// A split's fields, as the journal's split lines carry them.
    static func splitFields(_ split: Split) -> [JSONMember] {
        [
            ("index", .integer(split.index)),
            ("distance_m", .number(shortest: split.distanceMetres)),
            ("moving_s", .number(shortest: split.movingSeconds)),
            ("end_elapsed_s", .number(shortest: split.endElapsedSeconds)),
            ("elevation_gain_m", .number(shortest: split.elevationGainMetres)),
        ]
    }

    /// The efforts as fields: exact in `run.json`, rounded and with their run's id in the
    /// history line.
    private static func bestsFields(_ bests: PersonalBests, withRun: Bool) -> [JSONMember] {
        BestDistance.allCases.compactMap { distance in
            guard let effort = bests[distance] else { return nil }
            var entry: [JSONMember] = withRun
                ? [("moving_s", .number(effort.movingSeconds, decimals: 3)), ("start_m", .number(effort.startMetres, decimals: 2))]
                : [("moving_s", .number(shortest: effort.movingSeconds)), ("start_m", .number(shortest: effort.startMetres))]
            if withRun, let run = effort.runID { entry.append(("id", .string(run.rawValue))) }
            return (distance.key, .object(entry))
        }
    }

    // MARK: Reading

    /// Reads a `run.json` (its summary without splits: `load` takes them from the journal);
    /// `place` names the file in errors.
    package static func summary(from bytes: [UInt8], place: String) throws(RecordFormatError) -> (RunRecordSummary, fixCount: Int) {
        let fields = try JSONFields(parsing: bytes, place: place)
        guard fields.optionalString("format") == format else {
            throw RecordFormatError(place: place, expected: "a materun run file (\"format\":\"\(format)\")")
        }
        let fileVersion = try fields.integer("version")
        guard fileVersion <= version else {
            throw RecordFormatError(place: place, expected: "format version \(version) or older, not \(fileVersion) (written by a newer materun)")
        }
        let id = RunRecordID(try fields.string("id"))
        let header = RunRecordHeader(
            startedAt: try fields.number("started_at_unix"), utcOffsetSeconds: try fields.integer("utc_offset_s"),
            runner: RunnerProfile(name: try fields.string("runner"), weightKilograms: try fields.number("runner_weight_kg")),
            scenario: RecordedScenario(name: try fields.string("scenario"), path: try fields.string("scenario_path")),
            pairing: try pairing(fields), goalMetres: fields.optionalNumber("goal_m"),
            keptAt: fields.optionalNumber("kept_at_unix")
        )
        let outcome = try self.outcome(fields)
        let bests = try self.bests(try fields.object("bests"), runID: id)
        let summary = RunRecordSummary(id: id, header: header, outcome: outcome, bests: bests)
        return (summary, try fields.integer("fixes"))
    }

    /// An outcome without its splits and laps, from `run.json` or the journal's `end` line.
    static func outcome(_ fields: JSONFields) throws(RecordFormatError) -> RunRecordOutcome {
        let figures = RunFigures(
            elapsedSeconds: try fields.number("elapsed_s"), movingSeconds: try fields.number("moving_s"),
            distanceMetres: try fields.number("distance_m"), caloriesKilocalories: try fields.number("calories_kcal"),
            elevationGainMetres: try fields.number("elevation_gain_m")
        )
        let body = RecordedBodyFigures(
            averageHeartRateBPM: fields.optionalNumber("avg_heart_rate_bpm"),
            maximumHeartRateBPM: fields.optionalNumber("max_heart_rate_bpm"),
            averageCadenceSPM: fields.optionalNumber("avg_cadence_spm"))
        var outcome = RunRecordOutcome(
            figures: figures, splits: [], ending: try fields.word("ending", as: RunRecordEnding.self),
            mate: try mateResult(fields), body: body, group: try groupResult(fields), leftOut: try leftOut(fields)
        )
        outcome.ghost = try ghostResult(fields)
        return outcome
    }

    /// The pairing of a paired run's header (`run.json` or the journal's start line).
    static func pairing(_ fields: JSONFields) throws(RecordFormatError) -> RecordedPairing? {
        guard fields.has("mode") else { return nil }
        return RecordedPairing(mode: try fields.word("mode", as: MateMode.self), mateName: try fields.string("mate"))
    }

    private static func mateResult(_ fields: JSONFields) throws(RecordFormatError) -> RecordedMateResult? {
        guard fields.has("result") else { return nil }
        return RecordedMateResult(
            result: try fields.word("result", as: MateResult.self),
            mateDistanceMetres: try fields.number("mate_distance_m"), mateElapsedSeconds: try fields.number("mate_elapsed_s"),
            winner: fields.has("winner") ? try fields.word("winner", as: MateRole.self) : nil,
            ownSharePercent: fields.optionalNumber("share_percent"), resultReason: fields.optionalString("result_reason"),
            mateFinal: fields.optionalBool("mate_final") ?? true, mateConnected: fields.optionalBool("mate_connected") ?? true
        )
    }

    static func split(_ fields: JSONFields) throws(RecordFormatError) -> Split {
        Split(
            index: try fields.integer("index"), distanceMetres: try fields.number("distance_m"),
            movingSeconds: try fields.number("moving_s"), endElapsedSeconds: try fields.number("end_elapsed_s"),
            elevationGainMetres: try fields.number("elevation_gain_m")
        )
    }

    private static func bests(_ fields: JSONFields, runID: RunRecordID) throws(RecordFormatError) -> PersonalBests {
        var efforts: [BestDistance: BestEffort] = [:]
        for distance in BestDistance.allCases {
            guard let effort = fields.optionalObject(distance.key) else { continue }
            efforts[distance] = BestEffort(
                movingSeconds: try effort.number("moving_s"), startMetres: try effort.number("start_m"), runID: runID
            )
        }
        return PersonalBests(efforts: efforts)
    }
}
