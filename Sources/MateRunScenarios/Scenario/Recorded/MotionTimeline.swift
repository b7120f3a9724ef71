import MateRunDomain

/// Makes the 1 Hz motion stream that `MotionProvider` promises out of sparse or missing motion
/// data, as a phone's pedometer would report it.
enum MotionTimeline {
    /// Below this speed (m/s) a recorded runner counts as still.
    static let stillBelow = 0.5
    /// Below this speed (m/s), and not still, a recorded runner counts as walking: 7.9 km/h.
    static let walkingBelow = Activity.walkingBelowSpeed

    static func activity(forSpeed speed: Double) -> Activity {
        speed < stillBelow ? .still : speed < walkingBelow ? .walking : .running
    }

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
            return MotionSample(time: second, activity: current.activity, cadence: current.cadence,
                                heartRate: current.heartRate)
        }
    }

    /// What the body's sensors said at a fix, when known: the motion sensor's activity, heart
    /// rate, and cadence (steps per minute). One is held for every point of a file until its
    /// motion updates are made: the figures are kept in 8 bytes each (`PackedOptional`).
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
        guard let last = locations.last, last.time >= 0 else { return [] }
        let speeds = legSpeeds(locations)
        var leg = 0
        var latest = 0
        return wholeSeconds(upTo: last.time).map { second in
            while leg + 1 < speeds.count, locations[leg + 1].time <= second {
                leg += 1
            }
            while latest + 1 < locations.count, locations[latest + 1].time <= second {
                latest += 1
            }
            let speed = speeds.isEmpty ? 0 : speeds[leg]
            let reading = latest < body.count ? body[latest] : BodyReading()
            let inferred = Activity.inferred(fromSpeed: speed)
            return MotionSample(time: second, activity: reading.activity ?? inferred,
                                cadence: reading.cadence, heartRate: reading.heartRate)
        }
    }

    /// The speed over each leg between consecutive fixes; a leg without elapsed time keeps the
    /// previous leg's speed.
    private static func legSpeeds(_ locations: [LocationSample]) -> [Double] {
        var speeds: [Double] = []
        speeds.reserveCapacity(max(0, locations.count - 1))
        var previous = 0.0
        for index in locations.indices.dropFirst() {
            let from = locations[index - 1], to = locations[index]
            let dt = to.time - from.time
            if dt > 0 {
                previous = Geodesic.distance(from: from.coordinate, to: to.coordinate) / dt
            }
            speeds.append(previous)
        }
        return speeds
    }

    private static func wholeSeconds(upTo end: Double) -> some Collection<Double> {
        (0...Int((end + 1e-9).rounded(.down))).lazy.map(Double.init)
    }
}
