import Glibc
import MateRunDomain
import Synchronization

/// One run being kept on disk: appends to the run's journal as the run goes, and seals the run
/// with its `run.json` at the end.
///
/// Every line is written to the file at once (a killed process loses nothing it recorded) and
/// the file is fsync'd when a second of wall time has passed since the last fsync (a power cut
/// loses at most about that second). The journal stays locked (flock) while this recording is
/// open, which tells `recoverInterrupted` in another process that the run is alive; the kernel
/// drops the lock when the process dies, however it dies.
final class FileRunRecording: RunRecording {
    private struct State {
        var descriptor: Int32
        var lastSync: Double
        var fixes: [RecordedFix] = []
        /// The index of the last split and of the last lap in the journal.
        var lastSplit = 0
        var lastLap = 0
        var sealed = false
    }

    let id: RunRecordID
    private let header: RunRecordHeader
    private let directory: String
    private let state: Mutex<State>

    /// Takes over `descriptor`, the open and locked journal of the run in `directory`.
    init(id: RunRecordID, header: RunRecordHeader, directory: String, descriptor: Int32) {
        self.id = id
        self.header = header
        self.directory = directory
        state = Mutex(State(descriptor: descriptor, lastSync: Self.monotonicSeconds()))
    }

    deinit {
        state.withLock { state in
            if !state.sealed { close(state.descriptor) }
        }
    }

    private var journalPath: String { "\(directory)/\(FileRunRecordStore.journalName)" }

    func record(_ fix: RecordedFix, snapshot: RunSnapshot) throws {
        try append(bytes: RunJournal.fixLine(fix, snapshot: snapshot)) { $0.fixes.append(fix) }
    }

    func record(split: Split) throws {
        try append(RunJournal.splitLine(split)) { $0.lastSplit = max($0.lastSplit, split.index) }
    }

    func record(lap: Split) throws {
        try append(RunJournal.lapLine(lap)) { $0.lastLap = max($0.lastLap, lap.index) }
    }

    func record(mate: MateProgressPoint) throws {
        try append(RunJournal.mateLine(mate)) { _ in }
    }

    @discardableResult
    func finish(_ outcome: RunRecordOutcome, startedAt: Double?) throws -> RunRecordSummary {
        try state.withLock { state throws(RecordStoreError) in
            guard !state.sealed else { throw sealedError() }
            // Splits and laps live with the track: the last ones, closed at the finish, join them.
            for split in outcome.splits where split.index > state.lastSplit {
                try DurableFile.writeAll(state.descriptor, Array(RunJournal.splitLine(split).utf8), path: journalPath)
                state.lastSplit = split.index
            }
            for lap in outcome.laps where lap.index > state.lastLap {
                try DurableFile.writeAll(state.descriptor, Array(RunJournal.lapLine(lap).utf8), path: journalPath)
                state.lastLap = lap.index
            }
            guard fsync(state.descriptor) == 0 else { throw DurableFile.failure(journalPath, "fsync") }
            var sealed = header
            if let startedAt, startedAt.isFinite { sealed.startedAt = startedAt }
            let summary = RunRecordSummary(
                id: id, header: sealed, outcome: outcome, bests: PersonalBests(track: state.fixes, runID: id)
            )
            try DurableFile.replace(
                "\(directory)/\(FileRunRecordStore.summaryName)",
                with: RunRecordJSON.runFile(summary, fixCount: state.fixes.count)
            )
            state.sealed = true
            close(state.descriptor)
            var listed = summary
            listed.outcome.splits = []
            listed.outcome.laps = []
            return listed
        }
    }

    private func append(_ line: String, then update: (inout State) -> Void) throws(RecordStoreError) {
        try append(bytes: Array(line.utf8), then: update)
    }

    private func append(bytes line: [UInt8], then update: (inout State) -> Void) throws(RecordStoreError) {
        try state.withLock { state throws(RecordStoreError) in
            guard !state.sealed else { throw sealedError() }
            try DurableFile.writeAll(state.descriptor, line, path: journalPath)
            update(&state)
            let now = Self.monotonicSeconds()
            if now - state.lastSync >= 1 {
                guard fdatasync(state.descriptor) == 0 else { throw DurableFile.failure(journalPath, "fsync") }
                state.lastSync = now
            }
        }
    }

    private func sealedError() -> RecordStoreError {
        RecordStoreError(path: journalPath, action: "record", reason: "the run is already finished")
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
