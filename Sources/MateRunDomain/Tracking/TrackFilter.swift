/// What the filter makes of one accepted fix.
struct TrackUpdate {
    var time: Double
    var elevation: Double?
    /// Metres of smoothed track that this fix settled (moving stretches only).
    var settledMetres = 0.0
    /// Metres the filter moved since the last settled point, each second's step less the measured
    /// noise: the part of the run the smoother has not settled yet, never more than the runner
    /// covered (0 while standing).
    var pendingMetres = 0.0
    /// Since when the runner has been standing, if they are.
    var standingSince: Double?
    /// When this fix shows the runner moving again: the moment they left the spot.
    var standingEnded: Double?
}

/// Turns raw fixes into a smoothed track, rejecting what a receiver gets wrong.
///
/// Drops implausible and inaccurate fixes; rejects outliers (far from the prediction, gated on
/// the claimed accuracy, or implying an absurd speed) and restarts the track (without counting
/// the jump, which `LeftOutWatch` reports) when several consistent fixes say the runner really
/// is elsewhere. The rest goes
/// through a constant-velocity Kalman filter tuned to the noise actually measured
/// (`MeasurementNoise`), then a fixed-lag RTS smoother whose settled points make the distance.
/// Standing is told by displacement over a window (`StillnessDetector`), never by a speed.
struct TrackFilter {
    enum Outcome {
        /// The fix was not used.
        case rejected
        /// A new track segment starts at this fix; no distance leads to it. `settledMetres`
        /// holds what the previous segment still had to settle.
        case started(TrackUpdate)
        /// The track continues to this fix.
        case continued(TrackUpdate)
    }

    private struct Segment {
        var plane: LocalTangentPlane
        var east: KalmanAxis
        var north: KalmanAxis
        var lastTime: Double
        /// The last settled point of the smoothed track, in the plane.
        var settled: FixedLagSmoother.Point
    }

    /// A step of the filtered track not settled yet.
    private struct PendingStep {
        var time: Double
        var metres: Double
    }

    private let settings: TrackingSettings
    private var segment: Segment?
    private var smoother: FixedLagSmoother
    private var noise: MeasurementNoise
    private var stillness: StillnessDetector
    private var standingSince: Double?
    /// The last stretch of standing that ended: settled points inside it do not count.
    private var lastStanding: ClosedRange<Double>?
    /// The steps not settled yet, oldest first, from `pendingHead` on.
    private var pending: [PendingStep] = []
    private var pendingHead = 0
    /// Metres settled while the runner looked to be standing but after they were last seen on
    /// the spot: they count once the runner is seen to have left.
    private var heldMetres = 0.0
    private var outliers: [LocationSample] = []
    /// What the track leaves out: watched, never decided here.
    private var leftOut = LeftOutWatch()
    private var lastSeenTime = -Double.infinity
    private var sampling: SamplingInterval
    /// Whether the points whose steps count are kept in `countedPoints` (an export asks for
    /// them; a live run keeps none, so that it allocates nothing per fix).
    var keepsCountedPoints = false
    /// The settled points whose steps were counted, and the first point of each segment.
    private(set) var countedPoints: [CountedTrack.Point] = []
    /// Chi-square gate on the innovation, 2 degrees of freedom: 6σ.
    private let gate = 36.0
    /// Distance from the plane's origin after which the plane is moved under the runner: short
    /// enough that the plane's scale error stays far below 0.1%.
    private let rebaseDistance = 1_000.0

    /// The stretches the track left out so far (a drive, a jump it restarted across), in run order.
    var leftOutStretches: [LeftOutStretch] { leftOut.stretches }

    /// How often the receiver writes a fix, in seconds (1 until seen).
    var samplingInterval: Double { sampling.seconds }

    init(settings: TrackingSettings) {
        self.settings = settings
        smoother = FixedLagSmoother(lag: settings.smoothingLag)
        noise = MeasurementNoise(window: settings.noiseWindow,
                                 correlationAllowance: settings.noiseCorrelationAllowance)
        stillness = StillnessDetector(window: settings.stillnessWindow, radius: settings.stillnessRadius,
                                      noiseFactor: settings.stillnessNoiseFactor)
        sampling = SamplingInterval(window: settings.intervalWindow)
        outliers.reserveCapacity(settings.outliersBeforeRestart)
        pending.reserveCapacity(settings.smoothingLag + 2)
    }

    mutating func filter(_ sample: LocationSample) -> Outcome {
        guard sample.coordinate.isPlausibleFix, sample.time.isFinite, sample.time > lastSeenTime else {
            return .rejected
        }
        let accuracy = sample.horizontalAccuracy ?? settings.assumedAccuracy
        guard accuracy.isFinite, accuracy <= settings.worstAcceptedAccuracy else { return .rejected }
        if lastSeenTime.isFinite { sampling.record(sample.time - lastSeenTime) }
        lastSeenTime = sample.time
        let claimed = max(accuracy, 1) * max(accuracy, 1)

        guard var current = segment else {
            return .started(startSegment(at: sample, accuracy: accuracy))
        }
        let dt = sample.time - current.lastTime
        let z = current.plane.project(sample.coordinate)
        // A sparse logger writes a fix where the track bends (smart recording), so the velocity
        // changes more between two of its fixes than a 1 Hz model expects.
        let q = settings.accelerationNoise * sampling.seconds
        let de = z.east - current.east.predictedPosition(after: dt)
        let dn = z.north - current.north.predictedPosition(after: dt)
        let mahalanobis = de * de / (current.east.predictedVariance(after: dt, noise: q) + claimed)
            + dn * dn / (current.north.predictedVariance(after: dt, noise: q) + claimed)
        // The speed the fix implies, giving it the benefit of three times its claimed accuracy.
        let me = z.east - current.east.position, mn = z.north - current.north.position
        let impliedSpeed = max(0, (me * me + mn * mn).squareRoot() - 3 * accuracy) / dt

        if mahalanobis > gate || impliedSpeed > settings.fastestPlausibleSpeed {
            return rejectOutlier(sample, accuracy: accuracy)
        }
        outliers.removeAll(keepingCapacity: true)
        noise.record(time: sample.time, east: z.east, north: z.north)
        let measured = noise.estimate(
            claimedAccuracy: accuracy, isClaimed: sample.horizontalAccuracy != nil, interval: sampling.seconds)
        let variance = measured.filtering
        // What a step of the filtered track owes to noise: nothing is assumed before it is measured.
        let deviation = measured.measured.squareRoot()
        let before = (east: current.east.position, north: current.north.position)
        let prior = (east: current.east.predict(by: dt, noise: q), north: current.north.predict(by: dt, noise: q))
        current.east.update(measurement: z.east, variance: variance)
        current.north.update(measurement: z.north, variance: variance)
        current.lastTime = sample.time
        let east = current.east.position, north = current.north.position
        let se = east - before.east, sn = north - before.north
        pending.append(PendingStep(
            time: sample.time, metres: max(0, (se * se + sn * sn).squareRoot() - deviation)))

        var update = TrackUpdate(time: sample.time, elevation: sample.elevation)
        let since = stillness.record(
            time: sample.time, east: east, north: north, noise: deviation, interval: sampling.seconds)
        if since == nil, let start = standingSince {
            // Moving again: the standing ended when the runner was last seen on the spot; the
            // way from where they were last within its radius counts.
            let end = max(start, stillness.lastSeenStanding)
            lastStanding = start...max(start, stillness.lastSeenOnSpot)
            standingSince = nil
            update.standingEnded = end
            update.settledMetres += heldMetres
            heldMetres = 0
        } else if since != nil {
            if standingSince == nil { standingSince = since }
            // Seen on the spot now: whatever was held is from before this moment.
            if stillness.lastSeenOnSpot == sample.time { heldMetres = 0 }
        }
        update.standingSince = standingSince
        if let point = smoother.append(time: sample.time, dt: dt, prior: prior,
                                       filtered: (current.east.estimate, current.north.estimate)) {
            update.settledMetres += settle(point, in: &current)
        }
        if standingSince == nil {
            var metres = 0.0
            for index in pendingHead..<pending.count { metres += pending[index].metres }
            update.pendingMetres = metres
        }
        if abs(east) + abs(north) > rebaseDistance {
            current = rebased(current)
        }
        segment = current
        return .continued(update)
    }

    /// Settles what the smoother still holds (at the end of the run) and returns its metres.
    mutating func finish() -> Double {
        leftOut.ended(under: settings, trackTime: segment?.lastTime)
        guard var current = segment else { return 0 }
        var points: [FixedLagSmoother.Point] = []
        smoother.flush { points.append($0) }
        let metres = points.reduce(0) { $0 + settle($1, in: &current) }
        segment = current
        return metres
    }

    /// Ends the track here (the recording was paused): settles what the smoother holds and
    /// returns its metres; the next fix starts a new segment, with no distance leading to it.
    mutating func breakTrack() -> Double {
        let metres = finish()
        segment = nil
        return metres
    }

    /// Counts the step of the smoothed track to `point` unless the runner stood there.
    private mutating func settle(_ point: FixedLagSmoother.Point, in current: inout Segment) -> Double {
        let from = current.settled
        current.settled = point
        while pendingHead < pending.count, pending[pendingHead].time <= point.time { pendingHead += 1 }
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        } else if pendingHead >= 64 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        let de = point.east - from.east, dn = point.north - from.north
        let metres = (de * de + dn * dn).squareRoot()
        if let since = standingSince, point.time >= since {
            if point.time > stillness.lastSeenOnSpot { heldMetres += metres }
            return 0
        }
        if let standing = lastStanding, standing.contains(point.time) { return 0 }
        // (The segment's first point is kept when it starts, and settles again with no step.)
        if keepsCountedPoints, countedPoints.last?.time != point.time {
            countedPoints.append(CountedTrack.Point(
                time: point.time, coordinate: current.plane.coordinate(east: point.east, north: point.north), startsSegment: false))
        }
        return metres
    }

    private mutating func startSegment(at sample: LocationSample, accuracy: Double) -> TrackUpdate {
        var update = TrackUpdate(time: sample.time, elevation: sample.elevation)
        update.settledMetres = finish()
        let variance = max(accuracy, 1) * max(accuracy, 1)
        let plane = LocalTangentPlane(origin: sample.coordinate)
        let velocityVariance = settings.fastestPlausibleSpeed * settings.fastestPlausibleSpeed / 4
        let east = KalmanAxis(position: 0, positionVariance: variance, velocityVariance: velocityVariance)
        let north = KalmanAxis(position: 0, positionVariance: variance, velocityVariance: velocityVariance)
        segment = Segment(plane: plane, east: east, north: north, lastTime: sample.time,
                          settled: FixedLagSmoother.Point(time: sample.time, east: 0, north: 0))
        noise.restart()
        noise.record(time: sample.time, east: 0, north: 0)
        stillness.restart()
        standingSince = nil
        lastStanding = nil
        heldMetres = 0
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
        _ = smoother.append(time: sample.time, dt: 0, prior: (east.estimate, north.estimate),
                            filtered: (east.estimate, north.estimate))
        outliers.removeAll(keepingCapacity: true)
        if keepsCountedPoints {
            countedPoints.append(CountedTrack.Point(time: sample.time, coordinate: sample.coordinate, startsSegment: true))
        }
        return update
    }

    /// Keeps a rejected fix as a witness; enough consistent witnesses restart the track there.
    private mutating func rejectOutlier(_ sample: LocationSample, accuracy: Double) -> Outcome {
        if let current = segment {
            leftOut.rejected(sample, trackTime: current.lastTime) {
                current.plane.coordinate(east: current.east.position, north: current.north.position)
            }
        }
        if let previous = outliers.last {
            let gap = Geodesic.distance(from: previous.coordinate, to: sample.coordinate)
            if gap / (sample.time - previous.time) > settings.fastestPlausibleSpeed {
                outliers.removeAll(keepingCapacity: true)
            }
        }
        outliers.append(sample)
        guard outliers.count >= settings.outliersBeforeRestart else { return .rejected }
        leftOut.restarted(under: settings)
        return .started(startSegment(at: sample, accuracy: accuracy))
    }

    /// The same segment in a plane under the runner: everything held in plane metres moves.
    private mutating func rebased(_ segment: Segment) -> Segment {
        var moved = segment
        let east = -segment.east.position, north = -segment.north.position
        moved.plane = LocalTangentPlane(origin: segment.plane.coordinate(east: -east, north: -north))
        moved.east.shift(by: east)
        moved.north.shift(by: north)
        moved.settled.east += east
        moved.settled.north += north
        smoother.shift(east: east, north: north)
        stillness.shift(east: east, north: north)
        noise.shift(east: east, north: north)
        return moved
    }
}
