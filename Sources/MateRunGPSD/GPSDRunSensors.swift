import MateRunDomain
import Synchronization

/// The sensors of a live run from gpsd: its fixes as the location provider, and a 1 Hz motion
/// stream, for the one run they are made for.
///
/// A fix's run time is its gpsd time less the time of the run's first fix, placed where the run
/// clock was when that first fix arrived: run time is the receiver's, not the network's. A
/// receiver does not know whether its runner walks or runs: the fixes carry no activity, and the
/// motion updates say theirs is a guess (`activityIsInferred`), so that the run judges the gait
/// by its own smoothed speed, as for a GPX track without motion data, and its figures are those
/// of the fixes at whatever pace they arrive. The motion stream ticks on the run clock, so that a loss of signal shows while no fix comes; it
/// carries the later of the clock and the latest fix's time, so that it never lags the fixes of
/// a log played faster than real time. While no fix comes, the runner is told why it may be
/// (`FixWait`). Both streams end when gpsd's session ends (gpsd gone for longer than the client
/// retries), when no fix came for `idleEnd` seconds of run clock (since the last one, or since
/// the start), or when the run stops consuming them.
package final class GPSDRunSensors: LocationProvider, MotionProvider, Sendable {
    private let locations: AsyncStream<LocationSample>
    private let motions: AsyncStream<MotionSample>
    private let state = Mutex(LiveState())

    /// Starts reading `events` on `clock`; `idleEnd`: seconds without a fix that end the run
    /// (nil: never); `tell` hears what the runner is told: each loss and return of gpsd, its end,
    /// and a wait for a fix.
    package init(
        events: AsyncStream<GPSDEvent>, clock: any RunClock, idleEnd: Double?,
        tell: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let (locations, locationSink) = AsyncStream.makeStream(of: LocationSample.self, bufferingPolicy: .bufferingNewest(1024))
        let (motions, motionSink) = AsyncStream.makeStream(of: MotionSample.self, bufferingPolicy: .bufferingNewest(1024))
        self.locations = locations
        self.motions = motions
        let task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    for await event in events {
                        if let notice = event.notice { tell(notice) }
                        let sample = state.withLock { $0.take(event, arrivedAt: clock.now()) }
                        if let sample { locationSink.yield(sample) }
                    }
                }
                group.addTask { [self] in
                    var second = (clock.now() + 1).rounded(.down)
                    while !Task.isCancelled {
                        do {
                            try await clock.sleep(until: second)
                        } catch {
                            return
                        }
                        let now = clock.now()
                        let (motion, idle, notice) = state.withLock { ($0.motion(at: now), $0.idle(at: now), $0.waitNotice(at: now)) }
                        if let idleEnd, idle >= idleEnd { return }
                        if let notice { tell(notice) }
                        motionSink.yield(motion)
                        second += 1
                    }
                }
                // Whichever ends first (gpsd's session, or the idle limit) ends the run.
                await group.next()
                group.cancelAll()
            }
            locationSink.finish()
            motionSink.finish()
        }
        locationSink.onTermination = { _ in task.cancel() }
        motionSink.onTermination = { _ in task.cancel() }
    }

    package func locationUpdates() -> AsyncStream<LocationSample> { locations }

    package func motionUpdates() -> AsyncStream<MotionSample> { motions }
}

/// What the live sensors know between fixes.
struct LiveState {
    /// The gpsd time of run time zero.
    private var origin: Double?
    private var last: LocationSample?
    /// What the speed over the latest leg suggests (walking or running), for the motion updates.
    private var legActivity = Activity.inferred(fromSpeed: 0)
    /// Run-clock time of the latest fix's arrival.
    private var lastArrival: Double?
    private var wait = FixWait()

    /// Takes one event of gpsd's session, at run-clock time `now`: the run's sample for a fix.
    mutating func take(_ event: GPSDEvent, arrivedAt now: Double) -> LocationSample? {
        switch event {
        case .fix(let fix):
            return sample(for: fix, arrivedAt: now)
        case .withoutFix:
            wait.reportedWithoutFix = true
        case .receivers(let paths):
            wait.receivers = paths
        case .connectionLost:
            wait.connected = false
        case .reconnected:
            wait.connected = true
        case .ended, .clockSteppedBack:
            break
        }
        return nil
    }

    /// The run's sample for `fix`, arrived at run-clock time `now`; nil for a fix not later than
    /// the last one (gpsd's time went back across a reconnection).
    private mutating func sample(for fix: ReceiverFix, arrivedAt now: Double) -> LocationSample? {
        let origin = origin ?? fix.unixTime - now
        self.origin = origin
        let time = fix.unixTime - origin
        if let last, time <= last.time { return nil }
        let legSpeed = fix.speed ?? last.map { Geodesic.distance(from: $0.coordinate, to: fix.coordinate) / (time - $0.time) }
        if let legSpeed { legActivity = .inferred(fromSpeed: legSpeed) }
        let sample = LocationSample(
            time: time, coordinate: fix.coordinate, elevation: fix.altitude, horizontalAccuracy: fix.horizontalAccuracy,
            speed: fix.speed, course: fix.course)
        last = sample
        lastArrival = now
        wait.fixCame()
        return sample
    }

    /// The motion update at run-clock time `now`: it moves run time on while no fix comes (so
    /// that a loss of signal shows), with what the latest leg suggests the runner was doing, as
    /// a guess.
    func motion(at now: Double) -> MotionSample {
        MotionSample(time: max(now, last?.time ?? 0), activity: legActivity, activityIsInferred: true)
    }

    /// Seconds of run clock since the latest fix arrived, or since the run started when none has.
    func idle(at now: Double) -> Double {
        now - (lastArrival ?? 0)
    }

    /// What to tell the runner at run-clock time `now` of a wait for a fix, if it is time to.
    mutating func waitNotice(at now: Double) -> String? {
        wait.notice(silentFor: idle(at: now))
    }
}
