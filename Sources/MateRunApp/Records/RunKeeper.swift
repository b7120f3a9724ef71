import MateRunDomain

/// Keeps one run in the history as it goes, through the store's port: the header when the run
/// starts, a fix about once a second (at each progress event, the latest fix the location sensor
/// delivered, at its own time, with the latest heart rate and cadence, and the run's distance and
/// moving time then), each split and lap, the mate's progress, and the ending when it is over.
///
/// The fix comes from the sensors' samples rather than the snapshot: a snapshot is published at
/// the first reading of a new second, which when paced may be the motion sensor's, so its
/// position can be a second old.
///
/// A run that cannot be kept still runs: the first failure is told on standard error once, and
/// nothing more is recorded.
final class RunKeeper {
    private let store: any RunRecordStore
    private let header: (_ startedAt: Double, _ utcOffsetSeconds: Int) -> RunRecordHeader
    private let now: () -> (unixSeconds: Double, utcOffsetSeconds: Int)
    private let report: (String) -> Void
    private var readings: ScenarioReadings
    private var recording: (any RunRecording)?
    private var lastKeptLocation = -1
    private var lastKeptFix: RecordedFix?
    private var lastMateSecond = -Double.infinity
    private var failed = false

    /// `header` builds the run's header from the start's wall time and offset; `now` reads them.
    init(
        store: any RunRecordStore, readings: ScenarioReadings,
        header: @escaping (_ startedAt: Double, _ utcOffsetSeconds: Int) -> RunRecordHeader,
        now: @escaping () -> (unixSeconds: Double, utcOffsetSeconds: Int), report: @escaping (String) -> Void
    ) {
        self.store = store
        self.readings = readings
        self.header = header
        self.now = now
        self.report = report
    }

    /// The id of the run being kept, once it has begun.
    var id: RunRecordID? { recording?.id }

    /// The run starts: its header goes on disk.
    func begin() {
        let start = now()
        attempt { recording = try store.begin(header(start.unixSeconds, start.utcOffsetSeconds)) }
    }

    func record(_ event: RunEvent) {
        switch event {
        case .progress(let snapshot): keepFix(snapshot)
        case .split(let split): attempt { try recording?.record(split: split) }
        case .lap(let lap): attempt { try recording?.record(lap: lap) }
        case .paused, .resumed, .gpsLost, .gpsFound, .finished: break
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

    /// Seals a solo run.
    func finish(_ summary: RunSummary) {
        seal(RunRecordOutcome(summary), last: summary.snapshot)
    }

    /// Seals a group run with the group's result.
    func finish(_ summary: RunSummary, group: RecordedGroupResult) {
        var outcome = RunRecordOutcome(summary)
        outcome.group = group
        seal(outcome, last: summary.snapshot)
    }

    /// Seals a paired run with the pair's result.
    func finish(_ summary: MateRunSummary) {
        seal(RunRecordOutcome(summary), last: summary.own.snapshot)
    }

    /// Keeps the run's end as its last fix, then seals it. A run ends between two fixes (the
    /// goal is crossed part way): the end is kept at the latest fix's place with the final
    /// figures, so that the track, its bests and its export reach the summary's distance.
    private func seal(_ outcome: RunRecordOutcome, last snapshot: RunSnapshot) {
        keepFix(snapshot)
        if let kept = lastKeptFix,
           snapshot.distanceMetres > kept.distanceMetres || snapshot.elapsedSeconds > kept.time,
           let end = readings.fix(
               at: max(kept.time, snapshot.elapsedSeconds), distanceMetres: snapshot.distanceMetres,
               movingSeconds: snapshot.movingSeconds) {
            keep(end, snapshot: snapshot)
        }
        attempt { try recording?.finish(outcome) }
    }

    /// Keeps the latest fix with the run's figures at `snapshot`, unless no new fix came since
    /// the last one kept (a loss of signal keeps no made-up points).
    private func keepFix(_ snapshot: RunSnapshot) {
        readings.advance(to: snapshot.elapsedSeconds)
        guard let location = readings.location, readings.locationIndex > lastKeptLocation,
              let fix = readings.fix(
                  at: location.time, distanceMetres: snapshot.distanceMetres, movingSeconds: snapshot.movingSeconds)
        else { return }
        lastKeptLocation = readings.locationIndex
        keep(fix, snapshot: snapshot)
    }

    private func keep(_ fix: RecordedFix, snapshot: RunSnapshot) {
        lastKeptFix = fix
        attempt { try recording?.record(fix, snapshot: snapshot) }
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
