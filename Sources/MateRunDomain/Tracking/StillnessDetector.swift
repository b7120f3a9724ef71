/// Tells standing from moving by how far the runner got over the last seconds.
///
/// A filtered speed falls to zero at every reversal and sharp corner, which fakes a stop; the
/// distance covered over a window does not: whoever turns round at 3 m/s is still 20 m from
/// where they were ten seconds ago. The runner stands when every position of the window lies
/// within a radius of the latest, the radius growing with the measured noise (filtered positions
/// of a standing runner wander with it). Standing ends only once the runner gets clear of where
/// they stood by half as much again (hysteresis), so that noise does not flicker the state.
/// The window holds at least a few fixes of a sparse logger: two fixes 10 s apart that happen
/// to lie close say nothing about a stop.
struct StillnessDetector {
    private var points: [(time: Double, east: Double, north: Double)] = []
    private var head = 0
    private let minimumWindow: Double
    /// The fewest intervals between fixes a window spans: five, so that a sparse logger's hiker
    /// climbing at under 1 m/s (4 m between fixes 4.5 s apart) is not told standing from four
    /// fixes that happen to lie within the radius (at 1-3 s the 15 s window is the longer).
    private let intervalsPerWindow = 5.0
    private let radius: Double
    private let noiseFactor: Double
    /// Where the runner stands, while they do.
    private var spot: (east: Double, north: Double)?
    /// The last time the runner was seen where they stood: standing ends there.
    private(set) var lastSeenStanding = 0.0
    /// The last time the runner was seen within the radius that told the standing, not the wider
    /// one that tells them moving again: the way they covered after it, getting clear of the wider
    /// radius, is distance (at a walk on a sparse log, up to twice the radius a stop).
    private(set) var lastSeenOnSpot = 0.0
    /// How much farther than the entry radius the runner must get to be moving again.
    private let exitFactor = 2.0

    init(window: Double, radius: Double, noiseFactor: Double) {
        minimumWindow = window
        self.radius = radius
        self.noiseFactor = noiseFactor
        points.reserveCapacity(64)
    }

    mutating func restart() {
        points.removeAll(keepingCapacity: true)
        head = 0
        spot = nil
    }

    /// Takes the next filtered position of fixes about `interval` seconds apart; returns since
    /// when the runner has been standing, or nil when they are moving (or it is too early to tell).
    mutating func record(time: Double, east: Double, north: Double, noise: Double, interval: Double) -> Double? {
        let window = max(minimumWindow, intervalsPerWindow * interval)
        points.append((time, east, north))
        while head < points.count - 1, time - points[head + 1].time >= window {
            head += 1
        }
        if head > 256 {
            points.removeFirst(head)
            head = 0
        }
        let limit = max(radius, noiseFactor * noise)
        if let standing = spot {
            let de = east - standing.east, dn = north - standing.north
            let squared = de * de + dn * dn
            if squared <= limit * limit * exitFactor * exitFactor {
                lastSeenStanding = time
                // Between the two radii the runner may be leaving: not seen on the spot.
                if squared <= limit * limit { lastSeenOnSpot = time }
                return points[head].time
            }
            spot = nil
            return nil
        }
        // A track that began moments ago is judged on two thirds of a window: enough for a
        // runner to get clear of the radius, and a start spent waiting is not counted as moving.
        guard time - points[head].time >= window * 2 / 3 else { return nil }
        var sumEast = 0.0, sumNorth = 0.0
        for index in head..<points.count {
            let de = points[index].east - east, dn = points[index].north - north
            if de * de + dn * dn > limit * limit { return nil }
            sumEast += points[index].east
            sumNorth += points[index].north
        }
        let count = Double(points.count - head)
        spot = (sumEast / count, sumNorth / count)
        lastSeenStanding = time
        lastSeenOnSpot = time
        return points[head].time
    }

    /// Moves the frame under the window.
    mutating func shift(east: Double, north: Double) {
        for index in head..<points.count {
            points[index].east += east
            points[index].north += north
        }
        spot = spot.map { ($0.east + east, $0.north + north) }
    }
}
