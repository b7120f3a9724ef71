import Glibc
import MateRunDomain

/// Makes the 1 Hz motion stream that `MotionProvider` promises out of sparse or missing motion
/// data, as a phone's pedometer would report it.
enum MotionTimeline {
    /// Below this speed (m/s) a recorded runner counts as still.
    static let stillBelow = 0.5

    /// One update each whole second from 0 to `end`, holding the latest given activity (and
    /// cadence); seconds before the first given update take the first one.
    static func held(_ motions: [MotionSample], until end: Double) -> [MotionSample] {
        guard let first = motions.first, end >= 0 else { return [] }
        var current = first
        var next = 1
        return wholeSeconds(upTo: end).map { second in
            while next < motions.count, motions[next].time <= second {
                current = motions[next]
                next += 1
            }
            return MotionSample(
                time: second, activity: current.activity, activityIsInferred: current.activityIsInferred,
                cadence: current.cadence, heartRate: current.heartRate)
        }
    }

    /// What the body's sensors said at a fix, when known: the motion sensor's activity, heart
    /// rate, and cadence (steps per minute).
    struct BodyReading {
        @PackedOptional var heartRate: Double?
        @PackedOptional var cadence: Double?
        var activity: Activity?

        init(activity: Activity? = nil, heartRate: Double? = nil, cadence: Double? = nil) {
            self.heartRate = heartRate
            self.cadence = cadence
            self.activity = activity
        }
    }

    /// One update each whole second from 0 to the last fix, walking or running as the speed
    /// between the surrounding fixes implies (seconds outside the track take the nearest leg's),
    /// and the heart rate and cadence of the latest fix at or before it (`body`, one per fix).
    static func inferred(from locations: [LocationSample], body: [BodyReading] = []) -> [MotionSample] {
        var inference = Inference()
        for (index, location) in locations.enumerated() {
            inference.add(location, body: index < body.count ? body[index] : BodyReading())
        }
        return inference.finish()
    }

    /// `inferred(from:body:)` made fix by fix, as a file's points become fixes: each second is
    /// settled as soon as the fix after it is known, so that neither the body readings nor the
    /// leg speeds of a long track are held beside its fixes, one per fix.
    struct Inference {
        private var motions: [MotionSample] = []
        /// The newest fix and what the body said at it.
        private var newest: (location: LocationSample, body: BodyReading)?
        /// What the speed over the newest leg says (a speed of 0 before the second fix); a leg
        /// without elapsed time keeps the leg before's.
        private var legActivity = Activity.inferred(fromSpeed: 0)
        /// The first second not yet settled.
        private var second = 0

        init() {}

        /// Room for the updates of a run lasting `seconds`, so that a long one is not copied as it grows.
        mutating func reserve(seconds: Double) {
            guard seconds >= 0, seconds <= ScenarioLimits.maxDurationSeconds else { return }
            motions.reserveCapacity(Int(seconds) + 1)
        }

        /// The next fix, no earlier than the one before (a recording's times are checked to go
        /// forward, a file's kept points' times do, a paced track's grow), and what the body said
        /// at it.
        mutating func add(_ location: LocationSample, body: BodyReading) {
            if let (previous, reading) = newest {
                let dt = location.time - previous.time
                if dt > 0 {
                    legActivity = Self.activity(from: previous.coordinate, to: location.coordinate, seconds: dt)
                }
                // The seconds before this fix belong to the one before it, and its leg.
                while Double(second) < location.time {
                    settle(reading)
                }
            }
            newest = (location, body)
        }

        /// The updates, the seconds after the last fix up to its whole second included; they
        /// move out (a copy left behind would make the last appends copy them all).
        mutating func finish() -> [MotionSample] {
            defer { motions = [] }
            guard let (last, reading) = newest, last.time >= 0 else { return [] }
            let end = MotionTimeline.lastWholeSecond(upTo: last.time)
            while second <= end {
                settle(reading)
            }
            return motions
        }

        private mutating func settle(_ reading: BodyReading) {
            motions.append(MotionSample(
                time: Double(second), activity: reading.activity ?? legActivity, activityIsInferred: reading.activity == nil,
                cadence: reading.cadence, heartRate: reading.heartRate))
            second += 1
        }

        /// `Activity.inferred(fromSpeed:)` of the speed over a leg of `seconds`, deciding by a
        /// local estimate of its length where that is at least 2% from the walking speed's, and by
        /// the geodesic (Vincenty's iteration, a tenth of a file's load) only nearer: so the same
        /// answer. On a sphere of the mean radius, over less than 0.1° (11 km) below 80° of
        /// latitude, the estimate is within 0.6% of the ellipsoid's length.
        private static func activity(from p: Coordinate, to q: Coordinate, seconds: Double) -> Activity {
            let north = q.latitude - p.latitude, east = q.longitude - p.longitude
            if abs(north) < 0.1, abs(east) < 0.1, abs(p.latitude) < 80 {
                let radians = Double.pi / 180
                let squeeze = cos((p.latitude + north / 2) * radians)
                let estimate = 6_371_008.8 * radians * (north * north + east * east * squeeze * squeeze).squareRoot()
                let running = Activity.walkingBelowSpeed * seconds
                if estimate < running * 0.98 { return .walking }
                if estimate > running * 1.02 { return .running }
            }
            return Activity.inferred(fromSpeed: Geodesic.distance(from: p, to: q) / seconds)
        }
    }

    private static func wholeSeconds(upTo end: Double) -> some Collection<Double> {
        (0...lastWholeSecond(upTo: end)).lazy.map(Double.init)
    }

    /// The last whole second at or before `end`, which is not negative; a time a hair short of a
    /// whole second counts as that second.
    private static func lastWholeSecond(upTo end: Double) -> Int {
        Int((end + 1e-9).rounded(.down))
    }
}
