/// The running domain as a synchronous state machine: samples in, a live run out.
///
/// Everything a run computes lives here (distance on the ellipsoid through the track filter,
/// auto-pause and moving time, calories, recent pace, splits, the goal), with no clock, no
/// concurrency and no allocation per sample, so that it is exact in tests and fast in replays.
/// Time is whatever the samples and `advance(to:)` say it is.
package struct RunSession: Sendable {
    package let profile: RunnerProfile
    package let goalMetres: Double?
    private let settings: TrackingSettings

    private var filter: TrackFilter
    private var elevation: ElevationTracker
    private var pace: PaceWindow
    /// The last fix distance was counted to; steps shorter than `minimumStep` wait for the next fix.
    private var anchor: FilteredFix?
    /// The latest accepted fix, when it is still too close to `anchor` to count.
    private var pending: FilteredFix?
    private var activity: Activity?
    private var lastSpeed = 0.0

    package private(set) var elapsedSeconds = 0.0
    package private(set) var distanceMetres = 0.0
    package private(set) var caloriesKilocalories = 0.0
    package private(set) var splits: [Split] = []
    package private(set) var ending: RunEnding?

    private var stationarySince: Double?
    private var pauseStart: Double?
    private var completedPauses = 0.0
    private var splitStartMoving = 0.0
    private var splitStartGain = 0.0

    package init(profile: RunnerProfile, goalMetres: Double?, settings: TrackingSettings = .standard) {
        self.profile = profile
        self.goalMetres = goalMetres.flatMap { $0 > 0 ? $0 : nil }
        self.settings = settings
        filter = TrackFilter(settings: settings)
        elevation = ElevationTracker(hysteresis: settings.elevationHysteresis)
        pace = PaceWindow(span: settings.paceWindow)
    }

    package var isPaused: Bool { pauseStart != nil }
    package var isOver: Bool { ending != nil }

    /// Run time spent moving: elapsed minus auto-pauses (a pause counts from when standing began).
    package var movingSeconds: Double { moving(at: elapsedSeconds) }

    package var snapshot: RunSnapshot {
        RunSnapshot(
            elapsedSeconds: elapsedSeconds, movingSeconds: movingSeconds, distanceMetres: distanceMetres,
            caloriesKilocalories: caloriesKilocalories,
            currentPaceSecondsPerKilometre: isPaused ? nil : pace.secondsPerKilometre,
            elevationGainMetres: elevation.gain, isPaused: isPaused, goalMetres: goalMetres)
    }

    /// Moves run time forward (never back) and applies auto-pause.
    package mutating func advance(to time: Double) {
        guard !isOver else { return }
        elapsedSeconds = max(elapsedSeconds, time)
        updatePause(at: elapsedSeconds)
    }

    package mutating func record(_ motion: MotionSample) {
        guard !isOver else { return }
        activity = motion.activity
        advance(to: motion.time)
    }

    package mutating func record(_ sample: LocationSample) {
        guard !isOver else { return }
        switch filter.filter(sample) {
        case .rejected:
            break
        case .started(let fix):
            elevation.restart()
            _ = elevation.record(fix.elevation)
            anchor = fix
            pending = nil
            lastSpeed = 0
        case .continued(let fix):
            step(to: fix)
        }
        advance(to: sample.time)
    }

    /// Ends the run at `time` (for a cancellation, or when the sensors run out) and sums it up.
    package mutating func finish(_ reason: RunEnding, at time: Double) -> RunSummary {
        if !isOver, let last = pending, let from = anchor {
            pending = nil
            count(to: last, length: Geodesic.distance(from: from.coordinate, to: last.coordinate))
        }
        if !isOver {
            advance(to: time)
            ending = reason
            closePartialSplit()
        }
        return summary
    }

    package var summary: RunSummary {
        RunSummary(snapshot: snapshot, splits: splits, ending: ending ?? .sensorsEnded)
    }

    // MARK: - Steps

    private mutating func step(to fix: FilteredFix) {
        lastSpeed = fix.speed
        guard isMoving else {
            markStationary(since: anchor?.time ?? fix.time)
            anchor = fix
            pending = nil
            _ = elevation.record(fix.elevation)
            return
        }
        pending = fix
        if !isPaused { stationarySince = nil }
        guard let from = anchor else { return }
        let minimumStep = max(settings.minimumStep, settings.stepPerAccuracy * fix.accuracy)
        let goalLeft = (goalMetres ?? .infinity) - distanceMetres
        // Most fixes are too close to count: a flat-earth estimate (well within 1% over metres)
        // says so without the ellipsoid's iterations.
        let estimate = Geodesic.flatDistance(from: from.coordinate, to: fix.coordinate)
        guard estimate * 1.01 >= min(minimumStep, goalLeft) else { return }
        let chord = Geodesic.distance(from: from.coordinate, to: fix.coordinate)
        guard chord >= goalLeft || chord >= minimumStep else { return }
        pending = nil
        count(to: fix, length: chord)
    }

    /// Adds the step of `length` metres from the anchor to `fix`: distance, calories, splits, pace
    /// and the goal.
    private mutating func count(to fix: FilteredFix, length: Double) {
        guard let from = anchor, fix.time > from.time else { return }
        anchor = fix
        let dt = fix.time - from.time
        let climb = elevation.record(fix.elevation)
        resume(at: from.time)
        let stepActivity = activity.flatMap { $0 == .still ? nil : $0 }
            ?? CalorieModel.inferredActivity(speed: length / dt)
        let kilocalories = CalorieModel.netKilocalories(
            speed: length / dt, grade: length > 0.5 ? climb / length : 0, activity: stepActivity,
            weightKilograms: profile.weightKilograms, seconds: dt)
        let end = min(distanceMetres + length, goalMetres ?? .infinity)
        let fraction = length > 0 ? (end - distanceMetres) / length : 1
        let startMoving = moving(at: from.time)
        closeSplits(upTo: end, stepStart: distanceMetres, length: length, dt: dt,
                    startMoving: startMoving, startElapsed: from.time)
        distanceMetres = end
        caloriesKilocalories += kilocalories * fraction
        if let goal = goalMetres, distanceMetres >= goal {
            elapsedSeconds = max(elapsedSeconds, from.time + dt * fraction)
            ending = .goalReached
            closePartialSplit()
            return
        }
        pace.record(moving: startMoving + dt, distance: distanceMetres)
    }

    private var isMoving: Bool {
        activity != .still && lastSpeed >= settings.stationarySpeed
    }

    private mutating func closeSplits(
        upTo end: Double, stepStart: Double, length: Double, dt: Double, startMoving: Double, startElapsed: Double
    ) {
        while length > 0 {
            let boundary = Double(splits.count + 1) * 1000
            guard boundary <= end else { return }
            let fraction = (boundary - stepStart) / length
            let movingAtBoundary = startMoving + dt * fraction
            splits.append(Split(
                index: splits.count + 1, distanceMetres: 1000, movingSeconds: movingAtBoundary - splitStartMoving,
                endElapsedSeconds: startElapsed + dt * fraction, elevationGainMetres: elevation.gain - splitStartGain))
            splitStartMoving = movingAtBoundary
            splitStartGain = elevation.gain
        }
    }

    private mutating func closePartialSplit() {
        let covered = distanceMetres - Double(splits.count) * 1000
        guard covered >= 10 else { return }
        splits.append(Split(
            index: splits.count + 1, distanceMetres: covered, movingSeconds: movingSeconds - splitStartMoving,
            endElapsedSeconds: elapsedSeconds, elevationGainMetres: elevation.gain - splitStartGain))
    }

    // MARK: - Auto-pause

    private func moving(at time: Double) -> Double {
        let current = pauseStart.map { max(0, time - $0) } ?? 0
        return max(0, time - completedPauses - current)
    }

    private mutating func markStationary(since time: Double) {
        if stationarySince == nil { stationarySince = time }
    }

    private mutating func resume(at time: Double) {
        stationarySince = nil
        if let start = pauseStart {
            completedPauses += max(0, time - start)
            pauseStart = nil
            pace.reset()
        }
    }

    private mutating func updatePause(at time: Double) {
        if activity == .still { markStationary(since: time) }
        guard pauseStart == nil, let since = stationarySince, time - since >= settings.autoPauseDelay else { return }
        pauseStart = since
    }
}
