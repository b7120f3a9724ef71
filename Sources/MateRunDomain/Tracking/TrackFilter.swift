/// A fix the filter accepted: where the runner most likely was, and how fast they were going.
struct FilteredFix {
    var time: Double
    var coordinate: Coordinate
    /// Metres per second, from the filter's velocity.
    var speed: Double
    var elevation: Double?
    /// The accuracy the receiver claimed (or the assumed one), in metres.
    var accuracy: Double
}

/// Turns raw fixes into a smoothed track, rejecting what a receiver gets wrong.
///
/// Drops implausible and inaccurate fixes, smooths noise with a constant-velocity Kalman filter,
/// rejects outliers (far from the prediction or implying an absurd speed), and restarts the track
/// (without counting the jump) when several consistent fixes say the runner really is elsewhere.
struct TrackFilter {
    enum Outcome {
        /// The fix was not used.
        case rejected
        /// A new track segment starts at this fix; no distance leads to it.
        case started(FilteredFix)
        /// The track continues to this fix.
        case continued(FilteredFix)
    }

    private struct Segment {
        var plane: LocalTangentPlane
        var east: KalmanAxis
        var north: KalmanAxis
        var lastTime: Double
    }

    private let settings: TrackingSettings
    private var segment: Segment?
    private var outliers: [LocationSample] = []
    private var lastSeenTime = -Double.infinity
    /// Chi-square gate on the innovation, 2 degrees of freedom: 6σ.
    private let gate = 36.0
    /// Distance from the plane's origin after which the plane is moved under the runner.
    private let rebaseDistance = 5_000.0

    init(settings: TrackingSettings) {
        self.settings = settings
        outliers.reserveCapacity(settings.outliersBeforeRestart)
    }

    mutating func filter(_ sample: LocationSample) -> Outcome {
        guard sample.coordinate.isPlausibleFix, sample.time.isFinite, sample.time > lastSeenTime else {
            return .rejected
        }
        let accuracy = sample.horizontalAccuracy ?? settings.assumedAccuracy
        guard accuracy.isFinite, accuracy <= settings.worstAcceptedAccuracy else { return .rejected }
        lastSeenTime = sample.time
        let variance = max(accuracy, 1) * max(accuracy, 1)

        guard var current = segment else {
            return .started(startSegment(at: sample, accuracy: accuracy))
        }
        let dt = sample.time - current.lastTime
        let z = current.plane.project(sample.coordinate)
        let q = settings.accelerationNoise
        let de = z.east - current.east.predictedPosition(after: dt)
        let dn = z.north - current.north.predictedPosition(after: dt)
        let mahalanobis = de * de / (current.east.predictedVariance(after: dt, noise: q) + variance)
            + dn * dn / (current.north.predictedVariance(after: dt, noise: q) + variance)
        let me = z.east - current.east.position, mn = z.north - current.north.position
        let impliedSpeed = (me * me + mn * mn).squareRoot() / dt

        if mahalanobis > gate || impliedSpeed > settings.fastestPlausibleSpeed {
            return rejectOutlier(sample, accuracy: accuracy)
        }
        outliers.removeAll(keepingCapacity: true)
        current.east.predict(by: dt, noise: q)
        current.north.predict(by: dt, noise: q)
        current.east.update(measurement: z.east, variance: variance)
        current.north.update(measurement: z.north, variance: variance)
        current.lastTime = sample.time
        let fix = FilteredFix(
            time: sample.time,
            coordinate: current.plane.coordinate(east: current.east.position, north: current.north.position),
            speed: (current.east.velocity * current.east.velocity
                + current.north.velocity * current.north.velocity).squareRoot(),
            elevation: sample.elevation, accuracy: accuracy)
        if abs(current.east.position) + abs(current.north.position) > rebaseDistance {
            current = rebased(current, at: fix.coordinate)
        }
        segment = current
        return .continued(fix)
    }

    private mutating func startSegment(at sample: LocationSample, accuracy: Double) -> FilteredFix {
        let variance = max(accuracy, 1) * max(accuracy, 1)
        let plane = LocalTangentPlane(origin: sample.coordinate)
        let velocityVariance = settings.fastestPlausibleSpeed * settings.fastestPlausibleSpeed / 4
        segment = Segment(
            plane: plane,
            east: KalmanAxis(position: 0, positionVariance: variance, velocityVariance: velocityVariance),
            north: KalmanAxis(position: 0, positionVariance: variance, velocityVariance: velocityVariance),
            lastTime: sample.time)
        outliers.removeAll(keepingCapacity: true)
        return FilteredFix(
            time: sample.time, coordinate: sample.coordinate, speed: 0, elevation: sample.elevation,
            accuracy: accuracy)
    }

    /// Keeps a rejected fix as a witness; enough consistent witnesses restart the track there.
    private mutating func rejectOutlier(_ sample: LocationSample, accuracy: Double) -> Outcome {
        if let previous = outliers.last {
            let gap = Geodesic.distance(from: previous.coordinate, to: sample.coordinate)
            if gap / (sample.time - previous.time) > settings.fastestPlausibleSpeed {
                outliers.removeAll(keepingCapacity: true)
            }
        }
        outliers.append(sample)
        guard outliers.count >= settings.outliersBeforeRestart else { return .rejected }
        return .started(startSegment(at: sample, accuracy: accuracy))
    }

    private func rebased(_ segment: Segment, at origin: Coordinate) -> Segment {
        var moved = segment
        moved.plane = LocalTangentPlane(origin: origin)
        moved.east.shift(by: -segment.east.position)
        moved.north.shift(by: -segment.north.position)
        return moved
    }
}
