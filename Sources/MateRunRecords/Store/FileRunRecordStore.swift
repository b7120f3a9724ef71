import Dispatch
import Glibc
import MateRunDomain
import Synchronization

/// The run history as files: a directory per run under `<data dir>/runs/`, holding the run's
/// append-only journal (`track.jsonl`, its track) and, once the run is over, its versioned
/// summary (`run.json`, replaced atomically). docs/RECORDS.md describes the format.
///
/// Several materun processes may use one store at once: each run has its own directory with an
/// id no other process can pick, and the shared `runs/` directory only gains or loses whole
/// entries (`mkdir`, `rename`).
package final class FileRunRecordStore: RunRecordStore {
    static let summaryName = "run.json"
    static let journalName = "track.jsonl"
    private static let pendingPrefix = ".new-"
    private static let deletedPrefix = ".deleted-"

    /// The data directory (the store keeps its runs in `runs/` inside it).
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    package var runsDirectory: String { "\(directory)/runs" }

    // MARK: Recording

    /// Creates the run's directory under a hidden name, writes and fsyncs the header, locks the
    /// journal, then renames the directory into place: a run is never visible without its header
    /// and its lock.
    package func begin(_ header: RunRecordHeader, durability: RunDurability) throws -> any RunRecording {
        try DurableFile.makeDirectories(runsDirectory)
        for _ in 0..<8 {
            let id = RunIDMaker.make(keptAt: header.keptAt ?? header.startedAt, utcOffsetSeconds: header.utcOffsetSeconds)
            let final = "\(runsDirectory)/\(id.rawValue)"
            let pending = "\(runsDirectory)/\(Self.pendingPrefix)\(id.rawValue)"
            if access(final, F_OK) == 0 { continue }
            if mkdir(pending, 0o700) != 0 {
                if errno == EEXIST { continue }
                throw DurableFile.failure(pending, "create directory")
            }
            let journal = "\(pending)/\(Self.journalName)"
            let fd = open(journal, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DurableFile.failure(journal, "create") }
            do throws(RecordStoreError) {
                guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw DurableFile.failure(journal, "lock") }
                try DurableFile.writeAll(fd, Array(RunJournal.startLine(id: id, header: header).utf8), path: journal)
                guard fsync(fd) == 0 else { throw DurableFile.failure(journal, "fsync") }
                try DurableFile.syncDirectory(pending)
                guard rename(pending, final) == 0 else { throw DurableFile.failure(final, "rename into place") }
                try DurableFile.syncDirectory(runsDirectory)
            } catch {
                close(fd)
                throw error
            }
            return FileRunRecording(id: id, header: header, directory: final, descriptor: fd, durability: durability)
        }
        throw RecordStoreError(path: runsDirectory, action: "pick a run id", reason: "eight ids in a row were taken")
    }

    // MARK: Recovery

    package func recoverInterrupted() -> RunRecordListing {
        var listing = RunRecordListing()
        let names: [String]
        do { names = try DurableFile.names(in: runsDirectory) } catch {
            listing.problems.append(RunRecordProblem(path: error.path, reason: error.reason))
            return listing
        }
        for name in names.sorted() {
            let path = "\(runsDirectory)/\(name)"
            if name.hasPrefix(Self.pendingPrefix) || name.hasPrefix(Self.deletedPrefix) {
                removeAbandoned(path, pending: name.hasPrefix(Self.pendingPrefix))
                continue
            }
            guard RunIDMaker.isWellFormed(name), access("\(path)/\(Self.journalName)", F_OK) == 0 else { continue }
            let summaryFile = "\(path)/\(Self.summaryName)"
            let damage: String?
            switch sealedSummary(summaryFile) {
            case .readable: continue
            case .missing: damage = nil
            case .damaged(let reason): damage = reason
            }
            do {
                guard let summary = try reseal(path, id: RunRecordID(name)) else { continue }
                if let damage {
                    listing.readFromJournal.append(RunRecordProblem(path: summaryFile, reason: "\(damage); rebuilt from its journal"))
                } else {
                    listing.runs.append(summary)
                }
            } catch {
                listing.problems.append(Self.problem(error, path: "\(path)/\(Self.journalName)"))
            }
        }
        return listing
    }

    /// What a run's `run.json` holds, as far as recovery needs to know.
    private enum SealedSummary {
        case readable
        case missing
        case damaged(String)
    }

    private func sealedSummary(_ file: String) -> SealedSummary {
        do {
            guard let bytes = try DurableFile.read(file) else { return .missing }
            _ = try RunRecordJSON.summary(from: bytes, place: file)
            return .readable
        } catch let error as RecordFormatError {
            return .damaged(error.description)
        } catch {
            return .damaged("\(error)")
        }
    }

    /// Writes the `run.json` of a run from its journal: a run cut short is sealed as
    /// `interrupted` (its half last line cut off), a sealed run whose `run.json` is damaged gets
    /// back the outcome of its journal's `end` line. Returns nil when the recording is still alive.
    private func reseal(_ path: String, id: RunRecordID) throws -> RunRecordSummary? {
        let journal = "\(path)/\(Self.journalName)"
        let fd = open(journal, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFile.failure(journal, "open") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        // Another process may have sealed it between the look and the lock.
        if case .readable = sealedSummary("\(path)/\(Self.summaryName)") { return nil }
        let contents = try RunJournal.read(try DurableFile.read(journal) ?? [], place: journal)
        // Drop the half line a crash left, so the journal reads whole from now on.
        guard ftruncate(fd, off_t(contents.validBytes)) == 0, fsync(fd) == 0 else {
            throw DurableFile.failure(journal, "cut the unfinished last line")
        }
        let summary = Self.summary(of: contents, id: id)
        try DurableFile.replace("\(path)/\(Self.summaryName)", with: RunRecordJSON.runFile(summary, fixCount: contents.fixes.count))
        return summary
    }

    /// A run's summary as its journal tells it: the outcome of its `end` line, or, for a run cut
    /// short, its figures at the last fix with the ending `interrupted`.
    private static func summary(of contents: RunJournal.Contents, id: RunRecordID) -> RunRecordSummary {
        var outcome = contents.sealedOutcome
            ?? RunRecordOutcome(figures: contents.lastFigures, splits: [], ending: .interrupted)
        outcome.splits = contents.splits
        outcome.laps = contents.laps
        return RunRecordSummary(id: id, header: contents.header, outcome: outcome, bests: PersonalBests(track: contents.fixes, runID: id))
    }

    private static func problem(_ error: any Error, path: String) -> RunRecordProblem {
        switch error {
        case let error as RecordFormatError: RunRecordProblem(path: path, reason: error.description)
        case let error as RecordStoreError: RunRecordProblem(path: error.path, reason: "cannot \(error.action): \(error.reason)")
        default: RunRecordProblem(path: path, reason: "\(error)")
        }
    }

    /// Removes a directory a dead process left half made (never renamed into place) or half
    /// deleted. One whose journal is still locked belongs to a live process and stays; so does a
    /// half-made one without a journal yet, which may be a `begin` in another process between
    /// its `mkdir` and its `open`.
    private func removeAbandoned(_ path: String, pending: Bool) {
        let fd = open("\(path)/\(Self.journalName)", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 || !pending else { return }
        defer { if fd >= 0 { close(fd) } }
        if fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 { return }
        try? DurableFile.removeRunDirectory(path)
    }

    // MARK: Reading

    /// Reads every run's `run.json`, on every core: the entries are independent, and ten
    /// thousand of them are mostly parsing. Writes nothing.
    package func list() -> RunRecordListing {
        var listing = RunRecordListing()
        let names: [String]
        do { names = try DurableFile.names(in: runsDirectory).filter { !$0.hasPrefix(".") } } catch {
            listing.problems.append(RunRecordProblem(path: error.path, reason: error.reason))
            return listing
        }
        let entries = Mutex([ListedEntry](repeating: .live, count: names.count))
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let entry = self.entry(names[index])
            entries.withLock { $0[index] = entry }
        }
        for entry in entries.withLock({ $0 }) {
            switch entry {
            case .run(let summary): listing.runs.append(summary)
            case .fromJournal(let summary, let why):
                listing.runs.append(summary)
                listing.readFromJournal.append(why)
            case .problem(let problem): listing.problems.append(problem)
            case .live: break
            }
        }
        listing.runs.sort { ($0.endedAt, $0.id) > ($1.endedAt, $1.id) }
        listing.problems.sort { $0.path < $1.path }
        listing.readFromJournal.sort { $0.path < $1.path }
        return listing
    }

    /// What one entry of `runs/` holds for `list`.
    private enum ListedEntry: Sendable {
        case run(RunRecordSummary)
        /// A run cut short or with a damaged `run.json`, read from its journal, and why.
        case fromJournal(RunRecordSummary, RunRecordProblem)
        case problem(RunRecordProblem)
        /// A run still being recorded by a live process.
        case live
    }

    private func entry(_ name: String) -> ListedEntry {
        let path = "\(runsDirectory)/\(name)"
        guard RunIDMaker.isWellFormed(name) else {
            return .problem(RunRecordProblem(path: path, reason: "not a run directory (unexpected name)"))
        }
        let file = "\(path)/\(Self.summaryName)"
        let why: RunRecordProblem
        do {
            if let bytes = try DurableFile.read(file) {
                var summary = try RunRecordJSON.summary(from: bytes, place: file).0
                summary.id = RunRecordID(name)
                return .run(summary)
            }
            guard access("\(path)/\(Self.journalName)", F_OK) == 0 else {
                return .problem(RunRecordProblem(path: path, reason: "not a run directory (no \(Self.summaryName) or \(Self.journalName))"))
            }
            why = RunRecordProblem(path: path, reason: "cut short and not sealed yet; read from its journal as interrupted")
        } catch {
            why = RunRecordProblem(path: file, reason: "\(Self.problem(error, path: file).reason); read from its journal")
        }
        do {
            guard let (summary, _) = try fromJournal(path, id: RunRecordID(name)) else { return .live }
            var listed = summary
            listed.outcome.splits = []
            listed.outcome.laps = []
            return .fromJournal(listed, why)
        } catch {
            let journal = "\(path)/\(Self.journalName)"
            return .problem(RunRecordProblem(path: why.path, reason: "\(why.reason) failed too: \(Self.problem(error, path: journal))"))
        }
    }

    /// A run read from its journal alone, without writing anything; nil while a live process
    /// still records it.
    private func fromJournal(_ path: String, id: RunRecordID) throws -> (RunRecordSummary, RunJournal.Contents)? {
        let journal = "\(path)/\(Self.journalName)"
        let fd = open(journal, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFile.failure(journal, "open") }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return nil }
        let contents = try RunJournal.read(try DurableFile.read(journal) ?? [], place: journal)
        return (Self.summary(of: contents, id: id), contents)
    }

    /// One kept run with its track. A run whose `run.json` is missing or damaged is read from
    /// its journal, as `list` shows it.
    package func load(_ id: RunRecordID) throws -> RunRecord {
        let path = try runDirectory(id)
        let file = "\(path)/\(Self.summaryName)"
        let journal = "\(path)/\(Self.journalName)"
        guard let bytes = try DurableFile.read(file), var summary = try? RunRecordJSON.summary(from: bytes, place: file).0 else {
            guard let (summary, contents) = try fromJournal(path, id: id) else {
                throw RecordStoreError(path: path, action: "read the run", reason: "it is still being recorded")
            }
            return RunRecord(summary: summary, fixes: contents.fixes, mateProgress: contents.mateProgress)
        }
        summary.id = id
        let contents = try RunJournal.read(try DurableFile.read(journal) ?? [], place: journal)
        summary.outcome.splits = contents.splits
        summary.outcome.laps = contents.laps
        return RunRecord(summary: summary, fixes: contents.fixes, mateProgress: contents.mateProgress)
    }

    /// Renames the run out of sight first (one atomic step), then removes its files. A run still
    /// being recorded is refused.
    package func delete(_ id: RunRecordID) throws {
        let path = try runDirectory(id)
        // Held until the files are gone, so that no recovery seals the run meanwhile.
        let fd = open("\(path)/\(Self.journalName)", O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        if fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 {
            throw RecordStoreError(path: path, action: "delete", reason: "the run is still being recorded")
        }
        let hidden = "\(runsDirectory)/\(Self.deletedPrefix)\(id.rawValue)-\(UInt32.random(in: 0...UInt32.max))"
        guard rename(path, hidden) == 0 else { throw DurableFile.failure(path, "delete") }
        try DurableFile.syncDirectory(runsDirectory)
        try DurableFile.removeRunDirectory(hidden)
    }

    private func runDirectory(_ id: RunRecordID) throws(RecordStoreError) -> String {
        let path = "\(runsDirectory)/\(id.rawValue)"
        guard RunIDMaker.isWellFormed(id.rawValue), DurableFile.isDirectory(path) else {
            throw RecordStoreError(path: path, action: "find the run", reason: "no kept run has the id \(id.rawValue)")
        }
        return path
    }
}

private extension RunRecordSummary {
    /// When the run ended, in seconds since 1970.
    var endedAt: Double { header.startedAt + outcome.figures.elapsedSeconds }
}
