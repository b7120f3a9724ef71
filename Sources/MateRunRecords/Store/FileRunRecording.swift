import MateRunDomain
import Synchronization

/// One run being kept on disk: appends to the run's journal as the run goes, and seals the run
/// with its `run.json` at the end.
///
/// Lines go to the journal through a `JournalWriter`, on a thread of its own: on disk within
/// about 50 ms (a killed process loses at most those); for a live run fsync'd once a second of
/// wall time (a power cut loses at most about that second) and when sealed, a replay left to the
/// system (`RunDurability`). The journal stays locked (flock) while this
/// recording is open, which tells `recoverInterrupted` in another process that the run is alive;
/// the kernel drops the lock when the process dies, however it dies.
final class FileRunRecording: RunRecording {
    private struct State {
        /// How many fixes the journal holds.
        var fixCount = 0
        /// The index of the last split and of the last lap in the journal.
        var lastSplit = 0
        var lastLap = 0
        var sealed = false
    }

    let id: RunRecordID
    private let header: RunRecordHeader
    private let directory: String
    private let journal: JournalWriter
    private let durability: RunDurability
    private let state = Mutex(State())

    /// Takes over `descriptor`, the open and locked journal of the run in `directory`.
    init(id: RunRecordID, header: RunRecordHeader, directory: String, descriptor: Int32, durability: RunDurability) {
        self.id = id
        self.header = header
        self.directory = directory
        self.durability = durability
        journal = JournalWriter(
            descriptor: descriptor, path: "\(directory)/\(FileRunRecordStore.journalName)",
            syncInterval: durability == .live ? 1 : nil)
    }

    deinit {
        if !state.withLock({ $0.sealed }) { journal.abandon() }
    }

    func record(_ fixes: [KeptFix]) throws {
        try append(.fixes(fixes)) { $0.fixCount += fixes.count }
    }

    func record(split: Split) throws {
        try append(.text(Array(RunJournal.splitLine(split).utf8))) { $0.lastSplit = max($0.lastSplit, split.index) }
    }

    func record(lap: Split) throws {
        try append(.text(Array(RunJournal.lapLine(lap).utf8))) { $0.lastLap = max($0.lastLap, lap.index) }
    }

    func record(mate: MateProgressPoint) throws {
        try append(.text(Array(RunJournal.mateLine(mate).utf8))) { _ in }
    }

    @discardableResult
    func finish(_ outcome: RunRecordOutcome, startedAt: Double?) throws -> RunRecordSummary {
        try state.withLock { state throws(RecordStoreError) in
            guard !state.sealed else { throw sealedError() }
            // Splits and laps live with the track: the last ones, closed at the finish, join
            // them; then the outcome (and a start known only at the end), so that the journal
            // alone can rebuild the run.
            var sealed = header
            if let startedAt, startedAt.isFinite { sealed.startedAt = startedAt }
            var closing = ""
            for split in outcome.splits where split.index > state.lastSplit { closing += RunJournal.splitLine(split) }
            for lap in outcome.laps where lap.index > state.lastLap { closing += RunJournal.lapLine(lap) }
            closing += RunJournal.endLine(outcome, startedAt: sealed.startedAt == header.startedAt ? nil : sealed.startedAt)
            let fixCount = state.fixCount
            state.sealed = true
            // The bests were found as the journal's writer spelled each fix; `run.json` follows
            // the journal.
            let summary = try journal.close(writing: Array(closing.utf8)) { (search: BestEffortSearch) throws(RecordStoreError) in
                let summary = RunRecordSummary(id: id, header: sealed, outcome: outcome, bests: search.bests(runID: id))
                try DurableFile.replace(
                    "\(directory)/\(FileRunRecordStore.summaryName)", with: RunRecordJSON.runFile(summary, fixCount: fixCount),
                    syncing: durability == .live)
                return summary
            }
            var listed = summary
            listed.outcome.splits = []
            listed.outcome.laps = []
            return listed
        }
    }

    private func append(_ entry: JournalEntry, then update: (inout State) -> Void) throws(RecordStoreError) {
        try state.withLock { state throws(RecordStoreError) in
            guard !state.sealed else { throw sealedError() }
            try journal.append(entry)
            update(&state)
        }
    }

    private func sealedError() -> RecordStoreError {
        RecordStoreError(
            path: "\(directory)/\(FileRunRecordStore.journalName)", action: "record", reason: "the run is already finished")
    }
}
