/// The running domain as a synchronous state machine: samples in, a live run out.
///
/// Everything a run computes lives here (distance along the filter's smoothed track, shown live
/// as the settled part plus the filter's latest steps so that it follows the runner; auto-pause,
/// the runner's own pauses and laps, moving time, calories, recent pace and grade, splits, the
/// goal, heart rate and cadence, the GPS state), with no clock, no concurrency and
/// no allocation per sample, so that it is exact in tests and fast in replays.
/// Time is whatever the samples and `advance(to:)` say it is.
package struct RunSession: Sendable {
    package let profile: RunnerProfile
    package let goalMetres: Double?
    /// The steps the run follows, if it follows a structured workout.
    package let workout: Workout?
    private let settings: TrackingSettings

    private var filter: TrackFilter
    private var elevation: ElevationTracker
    private var pace: PaceWindow
    /// The pace of the settled track (not of the live figure, which lags while the filter warms
    /// up), for judging the gait of a runner nobody told about.
    private var settledPace: PaceWindow
    private var grade = GradeWindow()
    private var body = BodyReadings()
    /// Metres of smoothed track settled so far.
    private var settledMetres = 0.0
    /// When distance was last counted (the latest accepted fix).
    private var lastCountTime: Double?
    /// Climbing since distance was last counted, for the calories' grade.
    private var pendingClimb = 0.0
    /// What the runner is doing: the latest motion update's word, or the latest fix's own
    /// (`LocationSample.activity`), whichever came last; nil when the latest only guessed it
    /// from the speed between fixes (`MotionSample.activityIsInferred`).
    private var activity: Activity?
    /// The gait the run's own smoothed speed says, for a runner whose activity nobody told: what
    /// the latest step was priced as.
    private var judgedGait: Activity?
    /// The latest fix the tracker accepted.
    private var lastPosition: Coordinate?
    /// When the latest fix arrived, accepted or not: fixes that stop coming mean the signal is lost.
    private var lastFixTime: Double?
    /// When the runner last paused, resumed or marked a lap.
    private var lastControlTime = -Double.infinity
    /// The latest fix delivered, accepted or not, while the run has not kept it yet.
    private var unkept: LocationSample?
    /// The time of the latest fix the run kept.
    private var lastKeptTime = -Double.infinity

    package private(set) var elapsedSeconds = 0.0
    package private(set) var distanceMetres = 0.0
    package private(set) var caloriesKilocalories = 0.0
    package private(set) var ending: RunEnding?
    private var clock = MovingClock()
    private var ledger = SplitLedger()

    package init(profile: RunnerProfile, goalMetres: Double?, settings: TrackingSettings = .standard, workout: Workout? = nil) {
        self.profile = profile
        self.workout = workout
        self.goalMetres = goalMetres.flatMap { $0 > 0 ? $0 : nil }
        self.settings = settings
        filter = TrackFilter(settings: settings)
        elevation = ElevationTracker(hysteresis: settings.elevationHysteresis)
        pace = PaceWindow(span: settings.paceWindow)
        settledPace = PaceWindow(span: settings.paceWindow)
        gpsLostAfter = settings.gpsLostAfter
    }

    package var isPaused: Bool { clock.isPaused }
    package var isOver: Bool { ending != nil }
    /// Who paused the run, while it is paused.
    package var pauseCause: PauseCause? { clock.cause }
    package var splits: [Split] { ledger.splits }
    package var laps: [Split] { ledger.laps }

    /// Run time spent moving: elapsed minus pauses (an auto-pause counts from when standing
    /// began; the runner's from the moment they paused).
    package var movingSeconds: Double { clock.moving(at: elapsedSeconds) }

    /// False once no fix has come for `TrackingSettings.gpsLostAfter` seconds or for
    /// `missedFixesBeforeLost` of the receiver's intervals, whichever is longer (not while the
    /// runner has paused the recording: nothing is expected then).
    package private(set) var gpsOK = true

    /// Seconds without a fix after which the signal is lost, for this receiver's interval.
    private var gpsLostAfter: Double

    private mutating func updateGPS() {
        gpsOK = pauseCause == .runner || elapsedSeconds - (lastFixTime ?? 0) <= gpsLostAfter
    }

    /// Inlined so that a snapshot handed out in an event is built in the event's box, not on the
    /// stack and then copied in (320 bytes, once a second of run time).
    @inline(__always)
    package var snapshot: RunSnapshot {
        RunSnapshot(
            elapsedSeconds: elapsedSeconds, movingSeconds: movingSeconds, distanceMetres: distanceMetres,
            caloriesKilocalories: caloriesKilocalories,
            currentPaceSecondsPerKilometre: isPaused ? nil : pace.secondsPerKilometre,
            elevationGainMetres: elevation.gain, isPaused: isPaused, goalMetres: goalMetres,
            position: lastPosition, elevationMetres: elevation.smoothed, gradePercent: isPaused ? nil : grade.percent,
            heartRateBPM: body.heartRate(at: elapsedSeconds), cadenceSPM: isPaused ? nil : body.cadence(at: elapsedSeconds),
            gpsOK: gpsOK, workout: isOver ? nil : workout?.position(at: clock.workoutTime(at: elapsedSeconds)),
            lapStartDistanceMetres: ledger.lapStartDistance, lapStartMovingSeconds: ledger.lapStartMoving,
            lapCount: ledger.laps.count)
    }

    /// The latest fix delivered, with the run's figures as they stand (those a snapshot now
    /// would have), for the history, unless the run kept it already (a loss of signal keeps no
    /// made-up points). The use case keeps a fix at each second's progress, and at the end.
    package mutating func keepLatestFix() -> KeptFix? {
        guard let sample = unkept else { return nil }
        unkept = nil
        lastKeptTime = sample.time
        let moving = movingSeconds
        return KeptFix(
            RecordedFix(
                time: sample.time, coordinate: sample.coordinate, elevation: sample.elevation,
                heartRate: body.heartRate(at: elapsedSeconds), cadence: isPaused ? nil : body.cadence(at: elapsedSeconds),
                horizontalAccuracy: sample.horizontalAccuracy, activity: activity ?? judgedGait, distanceMetres: distanceMetres,
                movingSeconds: moving),
            elapsedSeconds: elapsedSeconds, caloriesKilocalories: caloriesKilocalories, elevationGainMetres: elevation.gain)
    }

    /// Whether the fix not kept yet must be kept now, with the figures as they stand, because
    /// `next` is about to supersede it: no second's progress came between them (a motion update
    /// of its second came first and took that progress, as a live receiver's two streams may
    /// order them). Not a fix within 0.9 s of the one kept before it, or of `next`: a receiver
    /// faster than 1 Hz is kept a fix a second.
    package func mustKeepFix(before next: LocationSample) -> Bool {
        guard let fix = unkept else { return false }
        return fix.time - lastKeptTime >= 0.9 && next.time - fix.time >= 0.9
    }

    /// Moves run time forward (never back) and applies auto-pause.
    package mutating func advance(to time: Double) {
        guard !isOver else { return }
        elapsedSeconds = max(elapsedSeconds, time)
        updatePause(at: elapsedSeconds)
        updateGPS()
    }

    package mutating func record(_ motion: MotionSample) {
        guard !isOver else { return }
        activity = motion.activityIsInferred ? nil : motion.activity
        advance(to: motion.time)
        body.record(motion, counting: !isPaused)
    }

    package mutating func record(_ sample: LocationSample) {
        guard !isOver else { return }
        pauseAcrossStillGap(before: sample)
        unkept = sample
        lastFixTime = max(lastFixTime ?? sample.time, sample.time)
        if let legActivity = sample.activity { activity = legActivity }
        updateGPS()
        if pauseCause == .runner {
            guard sample.resumesRecording else {
                advance(to: sample.time)
                return
            }
            resumeByRunner(at: sample.time)
        }
        let outcome = filter.filter(sample)
        gpsLostAfter = max(settings.gpsLostAfter, settings.missedFixesBeforeLost * filter.samplingInterval)
        switch outcome {
        case .rejected:
            break
        case .started(let update):
            lastPosition = sample.coordinate
            settle(update.settledMetres, at: update.time)
            elevation.restart()
            grade.reset()
            _ = elevation.record(update.elevation)
            pendingClimb = 0
            lastCountTime = update.time
        case .continued(let update):
            lastPosition = sample.coordinate
            step(with: update)
        }
        advance(to: sample.time)
        if sample.pausesRecording { pauseByRunner(at: sample.time) }
    }

    // MARK: - The runner's own controls

    /// The runner pauses the recording (a key, or the watch's button in a recorded track): moving
    /// time stops, and the track is broken here, so nothing moved while paused is counted.
    package mutating func pauseByRunner(at time: Double) {
        guard !isOver, pauseCause != .runner else { return }
        advance(to: time)
        lastControlTime = elapsedSeconds
        settle(filter.breakTrack(), at: lastCountTime ?? time)
        clock.pauseByRunner(at: time)
        updateGPS()
    }

    /// The runner resumes the recording; the next fix starts the track afresh.
    package mutating func resumeByRunner(at time: Double) {
        guard !isOver, pauseCause == .runner else { return }
        advance(to: time)
        lastControlTime = elapsedSeconds
        resume(at: time)
        lastCountTime = nil
    }

    /// Closes a lap here: the stretch since the previous lap (or the start).
    package mutating func markLap(at time: Double) {
        guard !isOver else { return }
        advance(to: time)
        lastControlTime = elapsedSeconds
        ledger.markLap(at: position)
    }

    /// The latest fix's time, or the runner's latest press if later; nil before the first fix.
    private var latestMoment: Double? {
        lastFixTime.map { max($0, lastControlTime) }
    }

    /// Where the run stands now, for the ledger.
    private var position: SplitLedger.Position {
        SplitLedger.Position(
            distanceMetres: distanceMetres, movingSeconds: movingSeconds, elapsedSeconds: elapsedSeconds,
            elevationGainMetres: elevation.gain)
    }

    /// Ends the run at `time` (for a cancellation, or when the sensors run out) and sums it up; a
    /// run its receiver ended, at its latest fix (`receiverEnded`).
    package mutating func finish(_ reason: RunEnding, at time: Double) -> RunSummary {
        var time = time
        if !isOver, reason == .receiverEnded, let latest = latestMoment, latest < elapsedSeconds {
            // The wait that ended the run (no fix for the idle limit, gpsd gone) measured
            // nothing, and the motion updates that moved run time on through it come on the run
            // clock: it would count in full at a receiver's own pace and not at all for a log
            // played fast. A run without a fix keeps its wait.
            elapsedSeconds = latest
            time = latest
            updateGPS()
        }
        if !isOver {
            settle(filter.finish(), at: lastCountTime ?? time)
            // The live figure may have counted noise the smoother has since taken out.
            distanceMetres = min(distanceMetres, settledMetres)
        }
        if !isOver {
            advance(to: time)
            ending = reason
            ledger.closePartialSplit(at: position)
            ledger.closeLastLap(at: position)
        }
        return summary
    }

    package var summary: RunSummary {
        RunSummary(
            snapshot: snapshot, splits: splits, ending: ending ?? .sensorsEnded, laps: laps,
            averageHeartRateBPM: body.averageHeartRate, maximumHeartRateBPM: body.maximumHeartRate,
            averageCadenceSPM: body.averageCadence, leftOut: filter.leftOutStretches)
    }

    // MARK: - Steps

    private mutating func step(with update: TrackUpdate) {
        let from = lastCountTime ?? update.time
        lastCountTime = update.time
        let standing = activity == .still || update.standingSince != nil
        if standing {
            markStationary(since: update.standingSince ?? update.time)
            if update.standingSince != nil { settledMetres += update.settledMetres }
            _ = elevation.record(update.elevation)
            pendingClimb = 0
            return
        }
        if clock.cause == .auto { resume(at: update.standingEnded ?? from) }
        clock.clearStationary()
        settledMetres += update.settledMetres
        // (from the first metre settled: the smoother settles nothing over its first fixes; and
        // only while nobody tells the gait, so that a told run pays nothing for it)
        if activity == nil, settledMetres > 0 {
            settledPace.record(moving: clock.moving(at: update.time), distance: settledMetres)
        }
        pendingClimb += elevation.record(update.elevation)
        grade.record(distance: distanceMetres, elevation: elevation.smoothed)
        let live = settledMetres + update.pendingMetres
        guard live > distanceMetres else { return }
        count(live - distanceMetres, from: from, to: update.time)
    }

    /// Adds the smoothed track's last metres (at the end of a segment or of the run): the live
    /// figure follows the runner, the settled one is the refined total.
    private mutating func settle(_ metres: Double, at time: Double) {
        guard activity != .still, clock.stationarySince == nil else { return }
        settledMetres += metres
        guard settledMetres > distanceMetres else { return }
        count(settledMetres - distanceMetres, from: time, to: time)
    }

    /// Adds `length` metres run between `start` and `end` (seconds): distance, calories, splits,
    /// pace and the goal.
    private mutating func count(_ length: Double, from start: Double, to end: Double) {
        let dt = max(0, end - start)
        let climb = pendingClimb
        pendingClimb = 0
        // A refinement settled at one instant is priced as a second's worth: calories per metre
        // hardly depend on the speed.
        let seconds = dt > 0 ? dt : 1
        let stepActivity = activity.flatMap { $0 == .still ? nil : $0 } ?? judgeGait(stepSpeed: length / seconds)
        let kilocalories = CalorieModel.netKilocalories(
            speed: length / seconds, grade: length > 0.5 ? climb / length : 0, activity: stepActivity,
            weightKilograms: profile.weightKilograms, seconds: seconds)
        let reached = min(distanceMetres + length, goalMetres ?? .infinity)
        let fraction = length > 0 ? (reached - distanceMetres) / length : 1
        let startMoving = clock.moving(at: start)
        ledger.closeSplits(
            upTo: reached, stepStart: distanceMetres, length: length, dt: dt, startMoving: startMoving, startElapsed: start,
            elevationGainMetres: elevation.gain)
        distanceMetres = reached
        caloriesKilocalories += kilocalories * fraction
        if let goal = goalMetres, distanceMetres >= goal {
            elapsedSeconds = max(elapsedSeconds, start + dt * fraction)
            ending = .goalReached
            ledger.closePartialSplit(at: position)
            ledger.closeLastLap(at: position)
            return
        }
        pace.record(moving: startMoving + dt, distance: distanceMetres)
    }

    /// Walking or running, for a runner whose activity nobody told, by the recent pace of the
    /// settled track (30 s of moving time), else by this step's speed: the speed of one leg
    /// between noisy fixes straddles the walking speed for a steady runner near it, and pricing
    /// each such leg as a walk (half a run's cost) made a run known only from its fixes 10%
    /// cheaper than the same run told by its motion sensor.
    private mutating func judgeGait(stepSpeed: Double) -> Activity {
        let speed = settledPace.secondsPerKilometre.map { 1000 / $0 } ?? stepSpeed
        let gait = Activity.inferred(fromSpeed: speed)
        judgedGait = gait
        return gait
    }

    // MARK: - Auto-pause

    /// A fix after a silence longer than `stillGap` that lands where the last one was: the
    /// runner stood all along, so the silence is an auto-pause from the last fix to this one
    /// (moving time that ran on through it is taken back; no distance crosses it either way).
    private mutating func pauseAcrossStillGap(before sample: LocationSample) {
        guard pauseCause == nil, let last = lastFixTime, let position = lastPosition,
              sample.time - last > settings.stillGap, sample.coordinate.isPlausibleFix,
              Geodesic.distance(from: position, to: sample.coordinate) <= settings.stillGapRadius
        else { return }
        if clock.pause(from: last, until: sample.time) { pace.reset() }
    }

    private mutating func markStationary(since time: Double) {
        clock.markStationary(since: time)
    }

    private mutating func resume(at time: Double) {
        if clock.resume(at: time) { pace.reset() }
    }

    private mutating func updatePause(at time: Double) {
        if activity == .still { markStationary(since: time) }
        clock.autoPause(at: time, delay: settings.autoPauseDelay)
    }
}
