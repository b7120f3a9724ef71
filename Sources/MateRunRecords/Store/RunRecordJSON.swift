import MateRunDomain

/// The JSON shapes of a kept run: the versioned `run.json`, and the `history --json` lines built
/// from the same fields (docs/RECORDS.md describes both).
package enum RunRecordJSON {
    /// The `format` word of a `run.json`; a file without it is not ours.
    package static let format = "materun-run"
    /// The `run.json` version this code writes and reads; a newer one is reported, not guessed at.
    package static let version = 1

    // MARK: Writing

    /// The whole `run.json` text (one line, then a newline).
    package static func runFile(_ summary: RunRecordSummary, fixCount: Int) -> String {
        var object = JSONObjectText()
        object.add("format", format)
        object.add("version", version)
        addListingFields(summary, exact: true, to: &object)
        object.add("started_at_unix", summary.header.startedAt)
        object.add("utc_offset_s", summary.header.utcOffsetSeconds)
        object.add("runner_weight_kg", summary.header.runner.weightKilograms)
        object.add("scenario_path", summary.header.scenario.path)
        object.addIfPresent("goal_m", summary.header.goalMetres)
        object.add("elevation_gain_m", summary.outcome.figures.elevationGainMetres)
        object.add("fixes", fixCount)
        object.add("splits", json: JSONObjectText.array(summary.outcome.splits.map(splitJSON)))
        if let mate = summary.outcome.mate {
            object.add("mate_distance_m", mate.mateDistanceMetres)
            object.add("mate_elapsed_s", mate.mateElapsedSeconds)
        }
        object.add("bests", json: bestsJSON(summary.bests, withRun: false))
        return object.finished + "\n"
    }

    /// One `history --json` line: the fields the issue names, then `mode`, `mate` and `result`
    /// for a paired run.
    package static func historyLine(_ summary: RunRecordSummary) -> String {
        var object = JSONObjectText()
        addListingFields(summary, exact: false, to: &object)
        return object.finished
    }

    /// The closing `{"type":"bests",...}` line of `history --json`.
    package static func bestsLine(_ bests: PersonalBests) -> String {
        var object = JSONObjectText()
        object.add("type", "bests")
        return bestsJSON(bests, withRun: true, into: object)
    }

    /// The fields `run.json` and a history line share; `exact` keeps every digit (the store),
    /// otherwise figures are rounded for reading (centimetres, milliseconds).
    private static func addListingFields(_ summary: RunRecordSummary, exact: Bool, to object: inout JSONObjectText) {
        let header = summary.header
        let figures = summary.outcome.figures
        let rounded = { (value: Double, places: Int) in exact ? value : Self.rounded(value, places) }
        object.add("id", summary.id.rawValue)
        object.add("started_at", ISOTimestamp.text(unixSeconds: header.startedAt, utcOffsetSeconds: header.utcOffsetSeconds))
        object.add("runner", header.runner.name)
        object.add("scenario", header.scenario.name)
        object.add("distance_m", rounded(figures.distanceMetres, 2))
        object.add("elapsed_s", rounded(figures.elapsedSeconds, 3))
        object.add("moving_s", rounded(figures.movingSeconds, 3))
        object.add("calories_kcal", rounded(figures.caloriesKilocalories, 2))
        object.add("avg_pace_s_per_km", figures.averagePaceSecondsPerKilometre.map { rounded($0, 2) })
        object.add("ending", summary.outcome.ending.rawValue)
        if let pairing = header.pairing {
            object.add("mode", pairing.mode.rawValue)
            object.add("mate", pairing.mateName)
        }
        if let mate = summary.outcome.mate { object.add("result", mate.result.rawValue) }
    }

    private static func splitJSON(_ split: Split) -> String {
        var object = JSONObjectText()
        object.add("index", split.index)
        object.add("distance_m", split.distanceMetres)
        object.add("moving_s", split.movingSeconds)
        object.add("end_elapsed_s", split.endElapsedSeconds)
        object.add("elevation_gain_m", split.elevationGainMetres)
        return object.finished
    }

    /// The efforts as fields of `object`: exact in `run.json`, rounded and with their run's id in
    /// the history line.
    private static func bestsJSON(_ bests: PersonalBests, withRun: Bool, into start: JSONObjectText = JSONObjectText()) -> String {
        var object = start
        for distance in BestDistance.allCases {
            guard let effort = bests[distance] else { continue }
            var entry = JSONObjectText()
            entry.add("moving_s", withRun ? rounded(effort.movingSeconds, 3) : effort.movingSeconds)
            entry.add("start_m", withRun ? rounded(effort.startMetres, 2) : effort.startMetres)
            if withRun, let run = effort.runID { entry.add("id", run.rawValue) }
            object.add(distance.key, json: entry.finished)
        }
        return object.finished
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    // MARK: Reading

    /// Reads a `run.json`; `place` names the file in errors.
    package static func summary(from bytes: [UInt8], place: String) throws(RecordFormatError) -> (RunRecordSummary, fixCount: Int) {
        let fields = try JSONFields(parsing: bytes, place: place)
        guard (fields.values["format"] as? String) == format else {
            throw RecordFormatError(place: place, expected: "a materun run file (\"format\":\"\(format)\")")
        }
        let fileVersion = try fields.integer("version")
        guard fileVersion <= version else {
            throw RecordFormatError(place: place, expected: "format version \(version) or older, not \(fileVersion) (written by a newer materun)")
        }
        let id = RunRecordID(try fields.string("id"))
        var pairing: RecordedPairing?
        var mate: RecordedMateResult?
        if fields.values["mode"] != nil {
            pairing = RecordedPairing(mode: try fields.word("mode", as: MateMode.self), mateName: try fields.string("mate"))
        }
        if fields.values["result"] != nil {
            mate = RecordedMateResult(
                result: try fields.word("result", as: MateResult.self),
                mateDistanceMetres: try fields.number("mate_distance_m"), mateElapsedSeconds: try fields.number("mate_elapsed_s")
            )
        }
        let header = RunRecordHeader(
            startedAt: try fields.number("started_at_unix"), utcOffsetSeconds: try fields.integer("utc_offset_s"),
            runner: RunnerProfile(name: try fields.string("runner"), weightKilograms: try fields.number("runner_weight_kg")),
            scenario: RecordedScenario(name: try fields.string("scenario"), path: try fields.string("scenario_path")),
            pairing: pairing, goalMetres: fields.optionalNumber("goal_m")
        )
        let figures = RunFigures(
            elapsedSeconds: try fields.number("elapsed_s"), movingSeconds: try fields.number("moving_s"),
            distanceMetres: try fields.number("distance_m"), caloriesKilocalories: try fields.number("calories_kcal"),
            elevationGainMetres: try fields.number("elevation_gain_m")
        )
        var splits: [Split] = []
        for split in try fields.objects("splits") { splits.append(try self.split(split)) }
        let outcome = RunRecordOutcome(
            figures: figures, splits: splits, ending: try fields.word("ending", as: RunRecordEnding.self), mate: mate
        )
        let bests = try self.bests(try fields.object("bests"), runID: id)
        let summary = RunRecordSummary(id: id, header: header, outcome: outcome, bests: bests)
        return (summary, try fields.integer("fixes"))
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
