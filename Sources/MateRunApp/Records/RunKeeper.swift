import MateRunDomain

/// Keeps one run in the history as it goes, through the store's port: the header when the run
/// starts, each fix the run keeps (`RunEvent.kept`, about one a second, with the run's figures
/// at it), each split and lap, the mate's progress, and the ending when it is over.
///
/// Everything kept is what the running use case publishes, never the source's samples: a
/// replay, a live GPS and a paired run are kept alike, and none is known ahead. The run hands
/// its kept fixes over in blocks (a few hundred at a time in a replay at full speed, each as it
/// comes in a run that waits between fixes), and the keeper passes each block on as it is.
///
/// A run that cannot be kept still runs: the first failure is told on standard error once, and
/// nothing more is recorded.
final class RunKeeper {
    private let store: any RunRecordStore
    private let header: (_ startedAt: Double, _ utcOffsetSeconds: Int, _ keptAt: Double) -> RunRecordHeader
    private let start: RunStart
    private let durability: RunDurability
    private let report: (String) -> Void
    private var recording: (any RunRecording)?
    private var lastKeptFix: RecordedFix?
    private var lastMateSecond = -Double.infinity
    private var failed = false

    /// `header` builds the run's header from the start's wall time and offset and the wall time
    /// the keeping begins; `start` says them
    /// (a file's own start, or one that puts the run's end when it ended); `durability`, how
    /// surely the run is kept (a replay, which can be run again, is not synced to the disk).
    init(
        store: any RunRecordStore,
        header: @escaping (_ startedAt: Double, _ utcOffsetSeconds: Int, _ keptAt: Double) -> RunRecordHeader,
        start: RunStart, durability: RunDurability, report: @escaping (String) -> Void
    ) {
        self.store = store
        self.header = header
        self.start = start
        self.durability = durability
        self.report = report
    }

    /// The id of the run being kept, once it has begun.
    var id: RunRecordID? { recording?.id }

    /// The run starts: its header goes on disk.
    func begin() {
        let begun = start.atBegin()
        attempt {
            recording = try store.begin(header(begun.unixSeconds, begun.utcOffsetSeconds, begun.keptAt), durability: durability)
        }
    }

    /// Keeps what `event` brings: kept fixes, a split, a lap.
    func record(_ event: RunEvent) {
        switch event {
        case .kept(let fixes):
            guard let last = fixes.last else { return }
            lastKeptFix = last.fix
            attempt { try recording?.record(fixes) }
        case .split(let split):
            attempt { try recording?.record(split: split) }
        case .lap(let lap):
            attempt { try recording?.record(lap: lap) }
        case .progress, .paused, .resumed, .gpsLost, .gpsFound, .finished: break
        }
    }

    /// The mate's figures, kept at most once a second of the mate's run time.
    func record(mate view: MateView) {
        guard view.elapsedSeconds >= lastMateSecond + 1 else { return }
        lastMateSecond = view.elapsedSeconds
        attempt {
            try recording?.record(mate: MateProgressPoint(elapsedSeconds: view.elapsedSeconds, distanceMetres: view.distanceMetres))
        }
    }

    /// Seals a solo run, with its race against a ghost if it raced one; returns its id once it
    /// is kept (nil when it could not be).
    @discardableResult
    func finish(_ summary: RunSummary, ghost: GhostResult? = nil) -> RunRecordID? {
        var outcome = RunRecordOutcome(summary)
        outcome.ghost = ghost
        return seal(outcome, last: summary.snapshot)
    }

    /// Seals a group run with the group's result; returns its id once it is kept.
    @discardableResult
    func finish(_ summary: RunSummary, group: RecordedGroupResult) -> RunRecordID? {
        var outcome = RunRecordOutcome(summary)
        outcome.group = group
        return seal(outcome, last: summary.snapshot)
    }

    /// Seals a paired run with the pair's result; returns its id once it is kept.
    @discardableResult
    func finish(_ summary: PairedRunSummary) -> RunRecordID? {
        seal(RunRecordOutcome(summary), last: summary.own.snapshot)
    }

    /// Keeps the run's end as its last fix, then seals it. A run ends between two fixes (the
    /// goal is crossed part way): the end is kept at the latest fix's place with the final
    /// figures, so that the track, its bests and its export reach the summary's distance.
    private func seal(_ outcome: RunRecordOutcome, last snapshot: RunSnapshot) -> RunRecordID? {
        if var end = lastKeptFix,
           snapshot.distanceMetres > end.distanceMetres || snapshot.elapsedSeconds > end.time {
            end.time = max(end.time, snapshot.elapsedSeconds)
            end.distanceMetres = snapshot.distanceMetres
            end.movingSeconds = snapshot.movingSeconds
            lastKeptFix = end
            attempt { try recording?.record([KeptFix(end, at: snapshot)]) }
        }
        var kept: RunRecordID?
        attempt { kept = try recording?.finish(outcome, startedAt: start.atEnd(elapsedSeconds: outcome.figures.elapsedSeconds)).id }
        return kept
    }

    private func attempt(_ body: () throws -> Void) {
        guard !failed else { return }
        do {
            try body()
        } catch {
            failed = true
            report("cannot keep this run in the history: \(error)")
        }
    }
}
