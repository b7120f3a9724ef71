import Foundation
import MateRunDomain
import MateRunPresentation
import MateRunRecords
import MateRunScenarios

/// `materun history`, `show`, `export` and `delete`: the kept runs, read through the store's
/// port; and the recovery of interrupted runs every command starts with.
struct RecordCommands {
    let container: AppContainer

    /// Keeps every run whose process died, as `interrupted`, and says so on standard error, with
    /// every store entry it could not read.
    func recoverInterrupted(dataDirectory: String?) {
        guard let store = container.recordStore(dataDirectory: dataDirectory) else { return }
        let recovered = store.recoverInterrupted()
        for run in recovered.runs {
            container.report("kept an interrupted run: \(run.id) (\(run.header.scenario.name), "
                + "\(RunFormat.kilometres(metres: run.outcome.figures.distanceMetres)))")
        }
        for rebuilt in recovered.readFromJournal { container.report("\(rebuilt)") }
        reportProblems(recovered.problems)
    }

    /// Every run the store lists, having said on standard error which it read from their journal
    /// and which it could not read at all.
    private func listed(_ store: any RunRecordStore) -> RunRecordListing {
        let listing = store.list()
        for note in listing.readFromJournal { container.report("\(note)") }
        reportProblems(listing.problems)
        return listing
    }

    func history(_ options: HistoryOptions) throws(CommandFailure) -> Int32 {
        let store = try store(options.dataDirectory)
        let listing = listed(store)
        let history = RunHistory(listing.runs, since: options.since, limit: options.limit)
        if options.idsOnly {
            for run in history.runs { container.output.writeLine(run.id.rawValue) }
        } else if options.json {
            for run in history.runs { container.output.writeLine(RunRecordJSON.historyLine(run)) }
            container.output.writeLine(RunRecordJSON.bestsLine(history.bests))
        } else {
            for line in HistoryView.lines(history, skipped: listing.problems.count) { container.output.writeLine(line) }
        }
        container.output.flush()
        return ExitStatus.success
    }

    func show(_ options: ShowOptions) throws(CommandFailure) -> Int32 {
        let store = try store(options.dataDirectory)
        guard let found = RunRecordLookup.find(options.reference, in: listed(store).runs) else {
            throw notFound(options.reference)
        }
        let record = try CommandFailure.catching { try store.load(found.id) }
        let run = record.summary
        if options.json {
            container.output.writeLine(KeptRunView.summaryLine(run))
        } else {
            // As the run's own result: on a terminal that draws, in colour and with the map and
            // charts; otherwise plain, 80 columns.
            let terminal = container.output.isTerminal && TerminalCapability.drawsInPlace(environment: container.environment)
            let colour = terminal && (container.environment["NO_COLOR"].map(\.isEmpty) ?? true)
            let width = terminal ? TerminalSize.of(1).columns : TerminalSize.fallback.columns
            container.output.writeLine(" Run \(run.id) · \(TerminalText.neutralised(run.header.scenario.name))")
            for line in KeptRunView.lines(record, width: width, colour: colour, charts: terminal) {
                container.output.writeLine(line)
            }
        }
        container.output.flush()
        return ExitStatus.success
    }

    func export(_ options: ExportOptions) throws(CommandFailure) -> Int32 {
        guard let (record, isScenario) = try CommandFailure.catching({ try exportedRecord(options) }) else {
            throw notFound(options.reference, scenarios: true)
        }
        let document: [UInt8]
        if let trackFormat = options.format.trackFormat {
            if trackFormat.isBinary, options.outputPath == nil, container.output.isTerminal {
                throw CommandFailure("--format \(trackFormat.rawValue) writes a binary file: give -o FILE or send it to a pipe, not the terminal")
            }
            // A scenario's track is what the sensors deliver: there is no counted track to write.
            document = trackFormat.bytes(record, raw: options.raw || isScenario)
        } else {
            // The page shows a run's result: a scenario has none until it is run.
            guard !isScenario else {
                throw CommandFailure("--format html writes a kept run, not a scenario: replay \(options.reference) first")
            }
            // A file no server sends, so no Content-Security-Policy nonce.
            document = Array(LiveRunPage.html(nonce: nil, events: KeptRunEvents.events(record)).utf8)
        }
        guard let path = options.outputPath else {
            container.output.write(bytes: document)
            container.output.flush()
            return ExitStatus.success
        }
        do {
            try Data(document).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
        return ExitStatus.success
    }

    /// Deletes the run whose id is `id` or starts with it (and no other's does); never `latest`
    /// or a scenario's name: a deletion is for good.
    func delete(id: String, dataDirectory: String?) throws(CommandFailure) -> Int32 {
        let store = try store(dataDirectory)
        let named = id == "latest" ? nil : RunRecordLookup.find(id, in: store.list().runs, matchingScenarios: false)
        let run = named?.id ?? RunRecordID(id)
        try CommandFailure.catching { try store.delete(run) }
        container.output.writeLine("deleted \(run)")
        container.output.flush()
        return ExitStatus.success
    }

    /// A kept run (latest, an id or its start), else a scenario file's sensor track, else the
    /// newest run of a scenario by name, and whether it is a scenario's; nil when nothing matches.
    private func exportedRecord(_ options: ExportOptions) throws -> (RunRecord, isScenario: Bool)? {
        let store = container.recordStore(dataDirectory: options.dataDirectory)
        let runs = store.map { listed($0).runs } ?? []
        if let run = RunRecordLookup.find(options.reference, in: runs, matchingScenarios: false), let store {
            return (try store.load(run.id), false)
        }
        if FileManager.default.fileExists(atPath: options.reference) {
            let scenario = try container.loadScenario(options.reference)
            let runner = scenario.runner ?? RunnerProfile(name: "Runner", weightKilograms: AppContainer.defaultWeightKilograms)
            return (ScenarioTrack.record(
                scenario, path: options.reference, runner: runner, startedAt: AppContainer.wallTime().unixSeconds), true)
        }
        if let run = RunRecordLookup.find(options.reference, in: runs), let store {
            return (try store.load(run.id), false)
        }
        return nil
    }

    private func store(_ dataDirectory: String?) throws(CommandFailure) -> any RunRecordStore {
        guard let store = container.recordStore(dataDirectory: dataDirectory) else {
            throw CommandFailure("no data directory: set --data-dir, MATERUN_DATA_DIR or HOME")
        }
        return store
    }

    private func notFound(_ reference: String, scenarios: Bool = false) -> CommandFailure {
        CommandFailure("no kept run\(scenarios ? " or scenario file" : "") matches '\(reference)' (materun history lists the runs)")
    }

    private func reportProblems(_ problems: [RunRecordProblem]) {
        for problem in problems { container.report("skipped \(problem)") }
    }
}
