import Dispatch
import Glibc
import MateRunDomain
import Synchronization

/// Writes a run's journal on a thread of its own, never on the caller's.
///
/// The run flow records from Swift concurrency's cooperative pool, which has a thread per core:
/// a `write` or `fdatasync` there, waiting on a slow disk, would stall every task of the process.
/// So `append` only adds the entry to a list in memory; a serial dispatch queue spells the
/// entries out and writes them `delay` later in one `write`, and `fdatasync`s once a second of
/// wall time has passed since the last sync (never, for a journal that is not synced). A killed
/// process loses at most the lines of the last `delay` (a power cut, about the last second); a
/// replay at full speed writes large blocks
/// instead of a line a call, and its fixes are turned into text on the writer's thread, beside
/// the run rather than in its way. A writer that falls `backlogLines` behind makes `append` wait
/// until it has taken them: a replay faster than its journal runs at the journal's pace instead
/// of holding its whole backlog (a 200,000-point file's fixes are 25 MB of entries), while a live
/// run, at a fix a second, would need hours of a stalled disk to wait at all. The fixes it spells
/// also go, on its thread, into the search for the run's personal bests, which is thus done
/// when the journal is (a long replay used to spend tens of milliseconds on it after the run).
/// The first failure is kept and thrown by the next call.
final class JournalWriter: Sendable {
    private struct State {
        var pending: [JournalEntry] = []
        /// The lines `pending` writes.
        var pendingLines = 0
        /// The list the writer last emptied, kept with its capacity to become the next `pending`,
        /// and the writer's buffer of text: a replay at full speed fills a block of entries every
        /// few milliseconds, and a new list and buffer for each would be grown by copying and
        /// mapped afresh page by page.
        var spare: [JournalEntry] = []
        var text: [UInt8] = []
        var flushScheduled = false
        /// A write of a full block is queued: more entries join it rather than queue another.
        var blockScheduled = false
        var failure: RecordStoreError?
        var lastSync: Double
        var closed = false
        /// How many `append`s wait on `room` for the writer to take the backlog.
        var appendersWaiting = 0
    }

    private let descriptor: Int32
    private let path: String
    private let delay: DispatchTimeInterval
    /// Seconds of wall time between two syncs; nil: never synced, not even when closed.
    private let syncInterval: Double?
    private let queue: DispatchQueue
    private let state: Mutex<State>
    /// The bests of the fixes written so far; only the writer's thread takes it.
    private let bests = Mutex(BestEffortSearch())
    /// Signalled when the writer takes the backlog an `append` waits on.
    private let room = DispatchSemaphore(value: 0)
    /// This many lines (about 1 MB of text) are written at once rather than after `delay`.
    private static let blockLines = 4096
    /// This many lines pending (about 1 MB of fixes; over two hours of a live run) make `append`
    /// wait for the writer. A replay at full speed outruns it and holds all of that: with twice
    /// as many, the 72 MB GPX file's kept replay peaked 5 MB higher in one run out of two.
    private static let backlogLines = 2 * blockLines

    /// Takes over `descriptor`, the open journal at `path`: lines reach it `delay` after they
    /// are appended, and it is synced every `syncInterval` seconds and when closed (never
    /// without one).
    init(descriptor: Int32, path: String, delay: DispatchTimeInterval = .milliseconds(50), syncInterval: Double? = 1) {
        self.descriptor = descriptor
        self.path = path
        self.delay = delay
        self.syncInterval = syncInterval
        queue = DispatchQueue(label: "materun.journal")
        state = Mutex(State(lastSync: Self.monotonicSeconds()))
    }

    /// Adds `line`, a whole line of text, to the journal: on disk within `delay`.
    func append(_ line: [UInt8]) throws(RecordStoreError) {
        try append(.text(line))
    }

    /// Adds `entry` to the journal: on disk within `delay`.
    func append(_ entry: JournalEntry) throws(RecordStoreError) {
        let (schedule, wait) = try state.withLock { state throws(RecordStoreError) -> (DispatchTimeInterval?, Bool) in
            if let failure = state.failure { throw failure }
            precondition(!state.closed, "a journal written after it was closed")
            state.pending.append(entry)
            state.pendingLines += entry.lineCount
            let full = state.pendingLines >= Self.backlogLines
            if full { state.appendersWaiting += 1 }
            if state.pendingLines >= Self.blockLines {
                guard !state.blockScheduled else { return (nil, full) }
                state.blockScheduled = true
                return (.never, full)
            }
            guard !state.flushScheduled else { return (nil, full) }
            state.flushScheduled = true
            return (delay, full)
        }
        switch schedule {
        case .none: break
        case .some(.never): queue.async { self.writePending() }
        case .some(let delay): queue.asyncAfter(deadline: .now() + delay) { self.writePending() }
        }
        // A block is scheduled whenever this many are pending, so the writer will take them.
        if wait { room.wait() }
    }

    /// Writes what is pending, then `last`, and fsyncs (a journal that is synced); then runs
    /// `then` with the personal bests of every fix written, on the writer's thread with the
    /// descriptor still open and only once the journal is written (and on disk, if synced), and
    /// closes it. Returns what `then` made.
    func close<Value>(
        writing last: [UInt8], then: (BestEffortSearch) throws(RecordStoreError) -> Value
    ) throws(RecordStoreError) -> Value {
        do {
            try append(last)
        } catch {
            abandon()
            throw error
        }
        let outcome: Result<Value, RecordStoreError> = queue.sync {
            writePendingAndSync()
            do throws(RecordStoreError) {
                if let failure = state.withLock({ $0.failure }) { throw failure }
                return .success(try then(bests.withLock { $0 }))
            } catch {
                return .failure(error)
            }
        }
        abandon()
        return try outcome.get()
    }

    /// Writes what is pending and closes the journal without sealing it (the recording was
    /// dropped before its end).
    func abandon() {
        queue.sync {
            writePending()
            let wasOpen = state.withLock { state -> Bool in
                defer { state.closed = true }
                return !state.closed
            }
            if wasOpen { Glibc.close(descriptor) }
        }
    }

    /// On the queue: spells out the pending entries and writes them a block at a time (a writer
    /// that fell behind a replay holds one block of text, not its whole backlog's), and syncs
    /// once a second.
    private func writePending() {
        var (entries, lines, bytes) = state.withLock { state -> ([JournalEntry], Int, [UInt8]) in
            state.flushScheduled = false
            state.blockScheduled = false
            for _ in 0..<state.appendersWaiting { room.signal() }
            state.appendersWaiting = 0
            guard state.failure == nil, !state.closed, !state.pending.isEmpty else { return ([], 0, []) }
            var taken: [JournalEntry] = []
            swap(&taken, &state.spare)
            swap(&taken, &state.pending)
            var text: [UInt8] = []
            swap(&text, &state.text)
            defer { state.pendingLines = 0 }
            return (taken, state.pendingLines, text)
        }
        guard !entries.isEmpty else { return }
        defer {
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            state.withLock { state in
                swap(&state.spare, &entries)
                swap(&state.text, &bytes)
            }
        }
        bytes.reserveCapacity(min(lines, Self.blockLines) * 200)
        do throws(RecordStoreError) {
            try bests.withLock { bests throws(RecordStoreError) in
                var spelled = 0
                for entry in entries {
                    entry.write(to: &bytes)
                    if case .fixes(let fixes) = entry {
                        for kept in fixes { bests.add(distance: kept.fix.distanceMetres, moving: kept.fix.movingSeconds) }
                    }
                    spelled += entry.lineCount
                    if spelled >= Self.blockLines {
                        try DurableFile.writeAll(descriptor, bytes, path: path)
                        bytes.removeAll(keepingCapacity: true)
                        spelled = 0
                    }
                }
                if !bytes.isEmpty { try DurableFile.writeAll(descriptor, bytes, path: path) }
            }
            let now = Self.monotonicSeconds()
            if let syncInterval, now - state.withLock({ $0.lastSync }) >= syncInterval {
                guard fdatasync(descriptor) == 0 else { throw DurableFile.failure(path, "fsync") }
                state.withLock { $0.lastSync = now }
            }
        } catch {
            state.withLock { $0.failure = $0.failure ?? error }
        }
    }

    /// On the queue: writes what is pending and fsyncs (a journal that is synced); a failure is
    /// kept for the caller.
    private func writePendingAndSync() {
        writePending()
        guard syncInterval != nil, state.withLock({ $0.failure == nil }) else { return }
        if fsync(descriptor) != 0 {
            let failure = DurableFile.failure(path, "fsync")
            state.withLock { $0.failure = $0.failure ?? failure }
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
