/// Run time with the pauses taken out: when the run is paused and by whom, the moving time, and
/// the time a workout's steps follow.
///
/// An auto-pause counts from when standing began (the runner stood still for the delay before
/// the pause was sure); the runner's own pause from the moment they paused. A workout's step
/// waits only while the runner has paused (as a watch's does): an auto-pause during a rest step
/// must not hold the rest for ever.
struct MovingClock: Sendable {
    private(set) var pauseStart: Double?
    /// Who paused the run, while it is paused.
    private(set) var cause: PauseCause?
    /// Since when the runner has stood still, while not yet auto-paused.
    private(set) var stationarySince: Double?
    /// When the last pause ended: a new auto-pause cannot reach back before it.
    private var resumedAt = -Double.infinity
    private var completedPauses = 0.0
    private var runnerPauseStart: Double?
    private var completedRunnerPauses = 0.0

    var isPaused: Bool { pauseStart != nil }

    /// Run time spent moving at `time`: elapsed minus every pause so far.
    func moving(at time: Double) -> Double {
        let current = pauseStart.map { max(0, time - $0) } ?? 0
        return max(0, time - completedPauses - current)
    }

    /// Run time at `time` less the runner's own pauses: where a workout's steps are.
    func workoutTime(at time: Double) -> Double {
        let current = runnerPauseStart.map { max(0, time - $0) } ?? 0
        return max(0, time - completedRunnerPauses - current)
    }

    mutating func markStationary(since time: Double) {
        if stationarySince == nil { stationarySince = max(time, resumedAt) }
    }

    mutating func clearStationary() {
        stationarySince = nil
    }

    /// Pauses the run once the runner has stood still for `delay` seconds at `time`.
    mutating func autoPause(at time: Double, delay: Double) {
        guard pauseStart == nil, let since = stationarySince, time - since >= delay else { return }
        pauseStart = since
        cause = .auto
    }

    /// A stretch found afterwards to have been a stop (a silence that ended where it began):
    /// paused from `start` (never before the last pause ended) to `end`; whether it took time.
    mutating func pause(from start: Double, until end: Double) -> Bool {
        guard pauseStart == nil else { return false }
        pauseStart = max(start, resumedAt)
        cause = .auto
        return resume(at: end)
    }

    /// The runner pauses at `time` (an auto-pause under way becomes theirs, from its start).
    mutating func pauseByRunner(at time: Double) {
        if pauseStart == nil { pauseStart = max(time, resumedAt) }
        if runnerPauseStart == nil { runnerPauseStart = time }
        cause = .runner
        stationarySince = nil
    }

    /// Ends the pause at `time`; whether there was one.
    mutating func resume(at time: Double) -> Bool {
        stationarySince = nil
        guard let start = pauseStart else { return false }
        completedPauses += max(0, time - start)
        if let runnerStart = runnerPauseStart {
            completedRunnerPauses += max(0, time - runnerStart)
            runnerPauseStart = nil
        }
        pauseStart = nil
        cause = nil
        resumedAt = time
        return true
    }
}
