/// An earlier run to race: how far it had gone at each moment of its moving time.
///
/// The ghost is where that run was at the same moving time as the runner: a pause of either
/// stops neither clock but its own, and a ghost that ended stays at its finish.
package struct GhostRun: Sendable, Equatable {
    /// One moment of the earlier run.
    package struct Point: Sendable, Equatable {
        package var movingSeconds: Double
        package var distanceMetres: Double

        package init(movingSeconds: Double, distanceMetres: Double) {
            self.movingSeconds = movingSeconds
            self.distanceMetres = distanceMetres
        }
    }

    /// What the ghost is, in words (`run 20261128-071502`, `file park.gpx`).
    package let source: String
    /// In order of moving time; distance never falls.
    private let points: [Point]

    /// The ghost of `points` (a kept run's fixes, or a file run through the tracker), taken in
    /// order of moving time; a point that is not finite, or goes back in time or distance, is
    /// left out. Nil when fewer than two remain or the run went nowhere.
    package init?(source: String, points: [Point]) {
        var kept: [Point] = [Point(movingSeconds: 0, distanceMetres: 0)]
        for point in points where point.movingSeconds.isFinite && point.distanceMetres.isFinite {
            guard let last = kept.last, point.movingSeconds >= last.movingSeconds,
                  point.distanceMetres >= last.distanceMetres else { continue }
            if point.movingSeconds == last.movingSeconds {
                kept[kept.count - 1].distanceMetres = point.distanceMetres
            } else {
                kept.append(point)
            }
        }
        guard kept.count >= 2, let last = kept.last, last.distanceMetres > 0 else { return nil }
        self.source = source
        self.points = kept
    }

    /// The earlier run's whole distance and moving time.
    package var finish: Point { points[points.count - 1] }

    /// Where the ghost was after `movingSeconds` of moving time: between two moments, on the
    /// straight line between them; after its end, at its finish.
    package func distance(atMovingSeconds movingSeconds: Double) -> Double {
        guard movingSeconds < finish.movingSeconds else { return finish.distanceMetres }
        guard movingSeconds > 0 else { return 0 }
        let after = firstIndex { $0.movingSeconds > movingSeconds }
        let (a, b) = (points[after - 1], points[after])
        return a.distanceMetres + (b.distanceMetres - a.distanceMetres) * (movingSeconds - a.movingSeconds) / (b.movingSeconds - a.movingSeconds)
    }

    /// The moving time at which the ghost first reached `distanceMetres`; nil when it never did.
    package func movingSeconds(atDistance distanceMetres: Double) -> Double? {
        guard distanceMetres <= finish.distanceMetres else { return nil }
        guard distanceMetres > 0 else { return 0 }
        let reached = firstIndex { $0.distanceMetres >= distanceMetres }
        let (a, b) = (points[reached - 1], points[reached])
        return a.movingSeconds + (b.movingSeconds - a.movingSeconds) * (distanceMetres - a.distanceMetres) / (b.distanceMetres - a.distanceMetres)
    }

    /// The first index whose point satisfies `isPast` (which holds for every later point too),
    /// at least 1: a binary search, the ghost being asked once a second of a run.
    private func firstIndex(where isPast: (Point) -> Bool) -> Int {
        var low = 1, high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if isPast(points[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
