/// Where kept runs live: the port the run flow and the history commands call, so that neither
/// knows about files.
///
/// A run is kept as it goes: `begin` starts a recording that writes the fixes as they are
/// handed to it (each as it comes, or a replay's burst at once), and `finish` seals it. A
/// recording that never finished (the process was killed) is found again by
/// `recoverInterrupted` and kept with the ending `interrupted`.
package protocol RunRecordStore: Sendable {
    /// Starts keeping a new run, as surely as `durability` says; the header is on disk before
    /// this returns.
    func begin(_ header: RunRecordHeader, durability: RunDurability) throws -> any RunRecording
    /// Seals every run whose recording was cut short by a dead process, and rewrites every
    /// damaged summary from its run's journal; returns what it kept (`runs`), what it rebuilt
    /// (`readFromJournal`) and what it could not read. Runs still being recorded by a live
    /// process are left alone.
    func recoverInterrupted() -> RunRecordListing
    /// Every kept run, newest first (by when it ended: a replay at --speed max is kept as begun
    /// as long before it ended as it lasted), and every entry of the store that could not be
    /// read; writes nothing. A run cut short, or whose summary is damaged, is read from its
    /// journal and named in `readFromJournal`. A listed summary has no splits or laps (they are
    /// part of the track); `load` has them.
    func list() -> RunRecordListing
    /// One kept run with its track and its splits.
    func load(_ id: RunRecordID) throws -> RunRecord
    /// Removes a kept run for good.
    func delete(_ id: RunRecordID) throws
}

extension RunRecordStore {
    /// Starts keeping a new run as a live one: synced as it goes.
    package func begin(_ header: RunRecordHeader) throws -> any RunRecording {
        try begin(header, durability: .live)
    }
}

/// One run being kept. The run flow calls `record` with the fixes of about every second of run
/// time (a live run one at a time, a replay ahead of real time many at once), `record(split:)`
/// and `record(lap:)` on each split and lap, `record(mate:)` on the mate's progress, and `finish`
/// once at the end. An object: it is the one journal of its run, shared by whoever holds it.
package protocol RunRecording: AnyObject, Sendable {
    var id: RunRecordID { get }
    /// Appends points of the track, in order, each with the run's figures at that moment.
    func record(_ fixes: [KeptFix]) throws
    /// Appends a completed split.
    func record(split: Split) throws
    /// Appends a lap the runner marked.
    func record(lap: Split) throws
    /// Appends the mate's progress (paired runs).
    func record(mate: MateProgressPoint) throws
    /// Seals the run with how it ended and returns what history will list for it; `startedAt`
    /// (seconds since 1970) replaces the header's start, for a run whose start is only known at
    /// its end (a replay faster than real time is kept as ending when it ended).
    @discardableResult
    func finish(_ outcome: RunRecordOutcome, startedAt: Double?) throws -> RunRecordSummary
}

extension RunRecording {
    /// Seals the run with the start its header was begun with.
    @discardableResult
    package func finish(_ outcome: RunRecordOutcome) throws -> RunRecordSummary {
        try finish(outcome, startedAt: nil)
    }
}

/// What a look at the store found: the runs it could read, the entries it could not, and the
/// runs it had to read from their journal (with why), so that no run is hidden and none is
/// shown without a word.
package struct RunRecordListing: Sendable, Equatable {
    package var runs: [RunRecordSummary]
    package var problems: [RunRecordProblem]
    package var readFromJournal: [RunRecordProblem]

    package init(runs: [RunRecordSummary] = [], problems: [RunRecordProblem] = [], readFromJournal: [RunRecordProblem] = []) {
        self.runs = runs
        self.problems = problems
        self.readFromJournal = readFromJournal
    }
}

/// An entry of the store that is not a readable run: reported by name and skipped.
package struct RunRecordProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file or directory, as a path.
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }
}
