import MateRunDomain
import Synchronization

/// The sensors of a live run from gpsd: its fixes as the location provider, and a 1 Hz motion
/// stream inferred from them (as for a GPX track: walking or running by speed), for the one run
/// they are made for.
///
/// A fix's run time is its gpsd time less the time of the run's first fix, placed where the run
/// clock was when that first fix arrived: run time is the receiver's, not the network's. The
/// motion stream ticks on the run clock, so that a loss of signal shows while no fix comes; it
/// carries the later of the clock and the latest fix's time, so that it never lags the fixes of a
/// log played faster than real time. Both streams end when gpsd's session ends (gpsd gone for
/// longer than the client retries), when no fix came for `idleEnd` seconds of run clock since
/// the last one, or when the run stops consuming them.
package final class GPSDRunSensors: LocationProvider, MotionProvider, Sendable {
    private let locations: AsyncStream<LocationSample>
    private let motions: AsyncStream<MotionSample>
    private let state = Mutex(LiveState())

    /// Starts reading `events` on `clock`; `idleEnd`: seconds without a fix that end the run
    /// (nil: never); `onConnection` hears of
    /// each loss and return of gpsd, and of its end.
    package init(
        events: AsyncStream<GPSDEvent>, clock: any RunClock, idleEnd: Double?,
        onConnection: @escaping @Sendable (GPSDEvent) -> Void = { _ in }
    ) {
        let (locations, locationSink) = AsyncStream.makeStream(of: LocationSample.self, bufferingPolicy: .bufferingNewest(1024))
        let (motions, motionSink) = AsyncStream.makeStream(of: MotionSample.self, bufferingPolicy: .bufferingNewest(1024))
        self.locations = locations
        self.motions = motions
        let task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    for await event in events {
                        guard case .fix(let fix) = event else {
                            onConnection(event)
                            continue
                        }
                        let sample = state.withLock { $0.sample(for: fix, arrivedAt: clock.now()) }
                        guard let sample else { continue }
                        locationSink.yield(sample)
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
                        let (motion, idle) = state.withLock { ($0.motion(at: now), $0.idle(at: now)) }
                        if let idleEnd, idle >= idleEnd { return }
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
    /// Run-clock time of the latest fix's arrival.
    private var lastArrival: Double?
    private var speed = 0.0

    /// The run's sample for `fix`, arrived at run-clock time `now`; nil for a fix not later than
    /// the last one (gpsd's time went back across a reconnection).
    mutating func sample(for fix: GPSDFix, arrivedAt now: Double) -> LocationSample? {
        let origin = origin ?? fix.unixTime - now
        self.origin = origin
        let time = fix.unixTime - origin
        if let last, time <= last.time { return nil }
        let sample = LocationSample(
            time: time, coordinate: fix.coordinate, elevation: fix.altitude, horizontalAccuracy: fix.horizontalAccuracy,
            speed: fix.speed, course: fix.course)
        if let speed = fix.speed {
            self.speed = speed
        } else if let last, time > last.time {
            speed = Geodesic.distance(from: last.coordinate, to: fix.coordinate) / (time - last.time)
        }
        last = sample
        lastArrival = now
        return sample
    }

    /// The motion update at run-clock time `now`.
    func motion(at now: Double) -> MotionSample {
        MotionSample(time: max(now, last?.time ?? 0), activity: .inferred(fromSpeed: speed))
    }

    /// Seconds of run clock since the latest fix arrived; zero before the first (a receiver may
    /// take a minute to its first fix: that is waiting, not idling).
    func idle(at now: Double) -> Double {
        lastArrival.map { now - $0 } ?? 0
    }
}
