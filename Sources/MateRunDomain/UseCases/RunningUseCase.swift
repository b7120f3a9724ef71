/// Runs one runner's run from the sensors and publishes it as it unfolds.
package protocol RunningUseCase: Sendable {
    /// The run as a stream of events, driven by iterating it: progress at most once per second of
    /// run time, each split, each auto-pause and resume, and last a `.finished` summary.
    /// Cancelling the iterating task ends the run: the summary then says it was cancelled.
    func events() -> RunEventStream
}

/// The running use case over injected sensors and clock.
package struct DefaultRunningUseCase: RunningUseCase {
    private let profile: RunnerProfile
    private let goalMetres: Double?
    private let settings: TrackingSettings
    private let locationProvider: any LocationProvider
    private let motionProvider: any MotionProvider
    private let clock: any RunClock
    private let stopSignal: RunStopSignal?
    private let controls: RunnerControls?
    private let workout: Workout?
    private let sensorsEnding: RunEnding

    /// `stopSignal`, when given, lets the pair's rules end the run early (see `RunStopSignal`);
    /// `controls` carries the runner's own commands (pause, lap, stop); `sensorsEnding` is how
    /// the run ends when its sensors do: `sensorsEnded` (a replay ran out), or `receiverEnded`
    /// (a live receiver gave up).
    package init(
        profile: RunnerProfile, goalMetres: Double?, locationProvider: any LocationProvider,
        motionProvider: any MotionProvider, clock: any RunClock, settings: TrackingSettings = .standard,
        stopSignal: RunStopSignal? = nil, controls: RunnerControls? = nil, workout: Workout? = nil,
        sensorsEnding: RunEnding = .sensorsEnded
    ) {
        self.sensorsEnding = sensorsEnding
        self.stopSignal = stopSignal
        self.controls = controls
        self.workout = workout
        self.profile = profile
        self.goalMetres = goalMetres
        self.settings = settings
        self.locationProvider = locationProvider
        self.motionProvider = motionProvider
        self.clock = clock
    }

    package func events() -> RunEventStream {
        let driver = RunDriver(
            session: RunSession(profile: profile, goalMetres: goalMetres, settings: settings, workout: workout),
            merge: SensorMerge(locations: locationProvider, motions: motionProvider, clock: clock),
            clock: clock, stopSignal: stopSignal, controls: controls, sensorsEnding: sensorsEnding)
        return RunEventStream(driver)
    }
}

/// The mutable heart of one run of the use case: `RunSteps` pulls the readings, feeds the session
/// and hands out the events that result.
///
/// `@unchecked Sendable` because `RunEventStream` needs a sendable source, yet its single
/// iterator calls it strictly one call at a time; nothing else holds the driver.
private final class RunDriver: RunEventSource, @unchecked Sendable {
    /// Not checked for overlapping access at run time: the one call at a time above rules it out,
    /// and the check (a runtime call and a lookup in the thread's access set) came at every
    /// event.
    @exclusivity(unchecked) private var steps: RunSteps

    init(session: RunSession, merge: SensorMerge, clock: any RunClock, stopSignal: RunStopSignal?,
         controls: RunnerControls?, sensorsEnding: RunEnding) {
        steps = RunSteps(
            session: session, merge: merge, clock: clock, stopSignal: stopSignal, controls: controls,
            sensorsEnding: sensorsEnding)
    }

    func nextWithoutWaiting() -> Immediate<RunEvent> {
        steps.nextWithoutWaiting()
    }

    func next() async -> RunEvent? {
        await steps.next()
    }
}

/// The session, the merge of its sensors, and the events it has caused but not yet handed out.
///
/// A value kept whole in the driver, so that one event is one mutating call: the session is
/// read in place, where reading it through the class's property would copy it (1.4 kB, with its
/// arrays retained and released) for every figure asked of it, and the class's property is
/// accessed (and checked for exclusive access) once per event, not once per figure.
private struct RunSteps {
    private var session: RunSession
    private var merge: SensorMerge
    private let clock: any RunClock
    private let stopSignal: RunStopSignal?
    private let controls: RunnerControls?
    private let sensorsEnding: RunEnding
    /// Events waiting to be handed out, from `pendingIndex` on.
    private var pending: [RunEvent] = []
    private var pendingIndex = 0
    /// A second of run time has passed since the last progress: after the pending events, the
    /// next event is a progress with the session as it stands (built when handed out, not
    /// copied in and out of `pending`: it is nearly every event of a run).
    private var progressDue = false
    private var publishedSecond = -1.0
    /// The fixes the run kept since the last `RunEvent.kept` went out. They go out together
    /// before the run waits for a reading, before a split or a lap, at the end, and whenever
    /// `keptBlock` are waiting: a replay at full speed hands the history a few hundred at a
    /// time, a run that waits between fixes each as it comes, every kind of run alike.
    private var kept: [KeptFix] = []
    private(set) var finished = false

    init(session: RunSession, merge: SensorMerge, clock: any RunClock, stopSignal: RunStopSignal?,
         controls: RunnerControls?, sensorsEnding: RunEnding) {
        self.sensorsEnding = sensorsEnding
        self.session = session
        self.merge = merge
        self.clock = clock
        self.stopSignal = stopSignal
        self.controls = controls
        pending.reserveCapacity(4)
    }

    /// The next event when the readings it needs are at hand.
    mutating func nextWithoutWaiting() -> Immediate<RunEvent> {
        while true {
            if let event = nextPending() { return .element(event) }
            if finished { return .ended }
            switch merge.nextWithoutWaiting() {
            case .element(let reading): take(reading)
            case .ended: take(nil)
            case .mustWait:
                guard !kept.isEmpty else { return .mustWait }
                handOutKept()
            }
        }
    }

    /// The next event, waiting for the readings it needs; nil after the last.
    mutating func next() async -> RunEvent? {
        while true {
            switch nextWithoutWaiting() {
            case .element(let event): return event
            case .ended: return nil
            case .mustWait: take(await merge.next())
            }
        }
    }

    /// The next event waiting, if any.
    private mutating func nextPending() -> RunEvent? {
        guard pendingIndex < pending.count else {
            if pendingIndex > 0 {
                pending.removeAll(keepingCapacity: true)
                pendingIndex = 0
            }
            guard progressDue else { return nil }
            progressDue = false
            if let fix = session.keepLatestFix() { keep(fix) }
            return .progress(session.snapshot)
        }
        pendingIndex += 1
        return pending[pendingIndex - 1]
    }

    /// Feeds one reading to the session and queues the events it causes; nil: the sensors ended.
    private mutating func take(_ reading: SensorReading?) {
        guard let reading else {
            let cancelled = Task.isCancelled
            let time = cancelled ? max(session.elapsedSeconds, clock.now()) : session.elapsedSeconds
            end(session.finish(cancelled ? .cancelled : sensorsEnding, at: time))
            return
        }
        if let ending = stopSignal?.requested {
            end(session.finish(ending, at: max(session.elapsedSeconds, clock.now())))
            return
        }
        let splitCount = session.splits.count
        let lapCount = session.laps.count
        let pauseCause = session.pauseCause
        let gpsOK = session.gpsOK
        if applyCommands() { return }
        switch reading {
        case .location(let sample):
            if session.mustKeepFix(before: sample), let fix = session.keepLatestFix() {
                keep(fix)
            }
            session.record(sample)
        case .motion(let sample): session.record(sample)
        }
        if session.splits.count > splitCount || session.laps.count > lapCount { handOutKept() }
        for split in session.splits[splitCount...] {
            pending.append(.split(split))
        }
        for lap in session.laps[lapCount...] {
            pending.append(.lap(lap))
        }
        if session.isOver {
            end(session.summary)
            return
        }
        if session.pauseCause != pauseCause {
            if let cause = pauseCause { pending.append(.resumed(session.snapshot, by: cause)) }
            if let cause = session.pauseCause { pending.append(.paused(session.snapshot, by: cause)) }
        }
        if session.gpsOK != gpsOK {
            pending.append(session.gpsOK ? .gpsFound(session.snapshot) : .gpsLost(session.snapshot))
        }
        let second = session.elapsedSeconds.rounded(.down)
        if second > publishedSecond {
            publishedSecond = second
            progressDue = true
        }
    }

    /// Applies the runner's commands at the current run time; true when one ended the run.
    private mutating func applyCommands() -> Bool {
        guard let commands = controls?.take(), !commands.isEmpty else { return false }
        let time = session.elapsedSeconds
        for command in commands {
            switch command {
            case .togglePause:
                if session.pauseCause == .runner {
                    session.resumeByRunner(at: time)
                } else {
                    session.pauseByRunner(at: time)
                }
            case .pause:
                if session.pauseCause != .runner { session.pauseByRunner(at: time) }
            case .resume:
                if session.pauseCause == .runner { session.resumeByRunner(at: time) }
            case .markLap:
                session.markLap(at: time)
            case .stop:
                end(session.finish(.stopped, at: time))
                return true
            }
        }
        return false
    }

    private mutating func keep(_ fix: KeptFix) {
        kept.append(fix)
        if kept.count >= Self.keptBlock { handOutKept() }
    }

    /// Queues the fixes kept so far as one event. The next list starts with room for a whole
    /// block after a full one (a burst goes on), small otherwise: the history's writer holds
    /// each list it is handed, with its room, until it is written.
    private mutating func handOutKept() {
        guard !kept.isEmpty else { return }
        let wasFull = kept.count >= Self.keptBlock
        pending.append(.kept(kept))
        kept = []
        if wasFull { kept.reserveCapacity(Self.keptBlock) }
    }

    /// The most kept fixes handed out at once (about 27 KB), a few milliseconds of a replay at
    /// full speed.
    private static let keptBlock = 256

    private mutating func end(_ summary: RunSummary) {
        if let fix = session.keepLatestFix() { kept.append(fix) }
        handOutKept()
        pending.append(.finished(summary))
        finished = true
    }
}
