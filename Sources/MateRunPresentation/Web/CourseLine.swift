import MateRunDomain

/// A run's course as the page draws it and places runners on it: a polyline measured along
/// itself, so that "where is someone who has run 3.2 km" is a point.
///
/// It exists because the page knows a replayed run's whole route before the run starts (the
/// scenario's or the file's track) and draws it ahead of the runner. Points closer than a few
/// metres to the last kept one are left out: on a noisy 1 Hz track that takes out most of the
/// zigzag, so that the course's length stays near what the tracker measures, and it bounds the
/// points a viewer is sent.
package struct CourseLine: Sendable, Equatable {
    /// The course's points, in the order it is run.
    package let points: [Coordinate]
    /// The distance along the course at each point: 0 first, never falling.
    package let metres: [Double]

    /// The course through `track`, thinned to points `spacingMetres` apart at least (to a
    /// millimetre; more apart
    /// if that still leaves over `maxPoints`); nil when fewer than two points remain or it is
    /// shorter than a metre.
    package init?(track: [Coordinate], spacingMetres: Double = 10, maxPoints: Int = 1000) {
        var spacing = spacingMetres
        var thinned = Self.thin(track, spacing: spacing)
        while thinned.points.count > maxPoints, let length = thinned.metres.last {
            spacing = max(spacing * 1.5, length / Double(maxPoints))
            thinned = Self.thin(track, spacing: spacing)
        }
        guard thinned.points.count >= 2, let length = thinned.metres.last, length >= 1 else { return nil }
        points = thinned.points
        metres = thinned.metres
    }

    /// The course's whole length.
    package var lengthMetres: Double { metres[metres.count - 1] }

    /// The point `along` metres into the course (its start or its end for a distance outside it).
    package func point(atMetres along: Double) -> Coordinate {
        guard along > 0 else { return points[0] }
        guard along < lengthMetres else { return points[points.count - 1] }
        let leg = legIndex(containing: along)
        let (a, b) = (points[leg], points[leg + 1])
        let span = metres[leg + 1] - metres[leg]
        let share = span > 0 ? (along - metres[leg]) / span : 0
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share)
    }

    /// How far into the course the runner at `position` is, looking only within `window` metres
    /// of `expected`: a course that doubles back (an out-and-back, a lap run twice) passes the
    /// same place more than once, and only the stretch near where the runner should be is the
    /// runner's. Between two stretches as near (the turn of an out-and-back), the one nearer
    /// `expected` wins: each metre along counts a quarter of a metre across.
    package func nearestMetres(to position: Coordinate, near expected: Double, within window: Double) -> Double {
        let low = max(0, min(expected - window, lengthMetres)), high = max(low, min(expected + window, lengthMetres))
        let scale = LocalMetres(around: position)
        var best = (cost: Double.infinity, along: min(max(expected, low), high))
        var leg = low > 0 ? legIndex(containing: low) : 0
        while leg < points.count - 1, metres[leg] <= high {
            let a = scale.offset(of: points[leg], from: position), b = scale.offset(of: points[leg + 1], from: position)
            let (dx, dy) = (b.east - a.east, b.north - a.north)
            let lengthSquared = dx * dx + dy * dy
            let share = lengthSquared > 0 ? min(1, max(0, -(a.east * dx + a.north * dy) / lengthSquared)) : 0
            let (x, y) = (a.east + dx * share, a.north + dy * share)
            let along = min(high, max(low, metres[leg] + (metres[leg + 1] - metres[leg]) * share))
            let cost = (x * x + y * y).squareRoot() + abs(along - expected) / 4
            if cost < best.cost { best = (cost, along) }
            leg += 1
        }
        return best.along
    }

    /// The box the whole course fits in.
    package var bounds: MapFrame { MapFrame(around: points) }

    /// The index of the leg whose span holds `along` (binary search over `metres`).
    private func legIndex(containing along: Double) -> Int {
        var low = 0, high = metres.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if metres[middle] <= along { low = middle } else { high = middle }
        }
        return low
    }

    private static func thin(_ track: [Coordinate], spacing: Double) -> (points: [Coordinate], metres: [Double]) {
        var points: [Coordinate] = [], metres: [Double] = []
        for coordinate in track where coordinate.latitude.isFinite && coordinate.longitude.isFinite
            && abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180 {
            guard let last = points.last else {
                points.append(coordinate)
                metres.append(0)
                continue
            }
            let step = Geodesic.distance(from: last, to: coordinate)
            if step >= spacing - 0.001 {
                points.append(coordinate)
                metres.append(metres[metres.count - 1] + step)
            }
        }
        if let end = track.last(where: { $0.latitude.isFinite && $0.longitude.isFinite }), let last = points.last, end != last,
           points.count > 0 {
            let step = Geodesic.distance(from: last, to: end)
            if step > 0 {
                points.append(end)
                metres.append(metres[metres.count - 1] + step)
            }
        }
        return (points, metres)
    }
}
