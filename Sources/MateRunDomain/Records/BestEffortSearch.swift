/// Finds the personal bests of a track while its points come, one at a time, holding only the
/// stretch that the longest distance still needs.
///
/// A kept run learns its bests as it is written rather than in one pass over every fix at the
/// end: the pass at the end held the whole track (16 bytes a fix) and took tens of milliseconds
/// of a long replay after the run was over. The answer is the one pass's, to the bit: see
/// `Distance` for why the order of the points it weighs does not change it.
///
/// The track is reduced to strictly increasing distances, each with the first and the last moving
/// time seen there, so that a stretch starts at the last moment at its start and ends at the first
/// moment at its end. Between two such points both grow linearly. The time of a stretch is then
/// piecewise linear in where it starts, so its minimum lies where its start or its end is on a
/// point: for each distance one walk puts the start on each point, another puts the end on each
/// point, and each walk moves its other index forward only.
package struct BestEffortSearch: Sendable {
    /// A point of the track reduced to strictly increasing distances, with the first and the last
    /// moving time seen there.
    private struct Point: Sendable {
        var distance: Double
        var firstTime: Double
        /// Final once a point further on has come.
        var lastTime: Double
    }

    /// The points the walks read, numbered from the start of the track (the first `dropped` are
    /// let go): a view over `points` for the length of one `add`, without a check of bounds that
    /// the walks' own indices make.
    private struct Window {
        let points: UnsafeBufferPointer<Point>
        let dropped: Int

        /// The index of the newest point.
        var newest: Int { dropped + points.count - 1 }

        subscript(index: Int) -> Point { points[index - dropped] }

        /// The first moment at `distance`, which lies in (distances[index-1], distances[index]].
        func endTime(at distance: Double, segmentEnd index: Int) -> Double {
            let end = self[index]
            if end.distance == distance || index == 0 { return end.firstTime }
            return interpolate(distance, from: index - 1)
        }

        /// The last moment at `distance`, which lies in [distances[index], distances[index+1]).
        func startTime(at distance: Double, segmentStart index: Int) -> Double {
            let start = self[index]
            if start.distance == distance { return start.lastTime }
            return interpolate(distance, from: index)
        }

        private func interpolate(_ distance: Double, from index: Int) -> Double {
            let from = self[index], to = self[index + 1]
            let fraction = (distance - from.distance) / (to.distance - from.distance)
            return from.lastTime + fraction * (to.firstTime - from.lastTime)
        }
    }

    /// The fastest stretch found so far by one of the two walks, in the order the walk weighs
    /// them: the first of equal times wins, and a time a hair below zero (rounding, or a track
    /// whose moving time goes back) counts as zero but still replaces an earlier zero.
    private struct Fastest: Sendable {
        var seconds = Double.infinity
        var start = 0.0
        var found = false
        /// The lowest time weighed, before the clamp to zero.
        var lowest = Double.infinity

        mutating func consider(_ seconds: Double, start: Double) {
            lowest = min(lowest, seconds)
            guard seconds < self.seconds else { return }
            self.seconds = max(0, seconds)
            self.start = start
            found = true
        }

        /// What one walk over the stretches of `self` and then those of `later` finds: `later`'s
        /// answer exactly when something it weighed was below `self`'s best (every stretch a walk
        /// keeps after its first one below a bound is below it too, and the last one kept is the
        /// answer).
        func followed(by later: Fastest) -> Fastest {
            later.lowest < seconds ? later : self
        }
    }

    /// The two walks of one distance; indices count every point kept since the start.
    private struct Distance: Sendable {
        let length: Double
        /// Walk one: the next start to weigh, and the first point at or past its end.
        var nextStart = 0
        var startsEnd = 0
        var startsOnPoints = Fastest()
        /// Walk two: the last point at or before the start of the stretch ending on the newest
        /// point.
        var endsStart = 0
        var endsOnPoints = Fastest()

        /// Walk one weighs a start once its end has been reached; walk two weighs each point as
        /// an end when it comes. Each walk weighs its stretches in the order of the one pass over
        /// the whole track; the two are joined in that order at the end (`Fastest.followed`).
        var fastest: Fastest { startsOnPoints.followed(by: endsOnPoints) }

        /// Walk one: every start whose stretch now ends within the track.
        mutating func weighStarts(in window: Window) {
            let newest = window.newest
            let last = window[newest].distance
            while nextStart < newest {
                let start = window[nextStart]
                let target = start.distance + length
                guard target <= last else { return }
                while window[startsEnd].distance < target { startsEnd += 1 }
                startsOnPoints.consider(window.endTime(at: target, segmentEnd: startsEnd) - start.lastTime, start: start.distance)
                nextStart += 1
            }
        }

        /// Walk two: the stretch that ends on the newest point, when it starts within the track.
        mutating func weighEnd(in window: Window, first: Double) {
            let end = window[window.newest]
            let target = end.distance - length
            // (A distance so large that the length is below its precision has no stretch to end.)
            guard target >= first, target < end.distance else { return }
            while window[endsStart + 1].distance <= target { endsStart += 1 }
            endsOnPoints.consider(end.firstTime - window.startTime(at: target, segmentStart: endsStart), start: target)
        }

        /// The first point either walk still needs.
        var firstNeeded: Int { min(nextStart, startsEnd, endsStart) }
    }

    private var points: [Point] = []
    /// How many points were let go from the front of `points`.
    private var dropped = 0
    private var firstDistance = 0.0
    private var distances = BestDistance.allCases.map { Distance(length: $0.rawValue) }

    package init() {}

    /// Adds the next point of the track: how far the runner is, and after how much moving time.
    /// Points that are not finite are left out.
    package mutating func add(distance: Double, moving: Double) {
        guard distance.isFinite, moving.isFinite else { return }
        if let last = points.last {
            guard distance > last.distance else {
                points[points.count - 1].lastTime = max(last.lastTime, moving)
                return
            }
        } else {
            firstDistance = distance
        }
        points.append(Point(distance: distance, firstTime: moving, lastTime: moving))
        let dropped = dropped, first = firstDistance
        points.withUnsafeBufferPointer { points in
            let window = Window(points: points, dropped: dropped)
            distances.withUnsafeMutableBufferPointer { distances in
                for index in distances.indices {
                    distances[index].weighStarts(in: window)
                    distances[index].weighEnd(in: window, first: first)
                }
            }
        }
        dropPassedPoints()
    }

    /// The bests of the points added so far, labelled with `runID`.
    package func bests(runID: RunRecordID? = nil) -> PersonalBests {
        guard let last = points.last?.distance else { return PersonalBests() }
        var efforts: [BestDistance: BestEffort] = [:]
        for (distance, search) in zip(BestDistance.allCases, distances) {
            let fastest = search.fastest
            guard last - firstDistance >= search.length, fastest.found else { break }
            efforts[distance] = BestEffort(movingSeconds: fastest.seconds, startMetres: fastest.start, runID: runID)
        }
        return PersonalBests(efforts: efforts)
    }

    /// Lets go of the points every walk has passed, once they are half of what is held (so each
    /// point is moved at most once on average); looked at every 1,024 points.
    private mutating func dropPassedPoints() {
        guard points.count % 1024 == 0 else { return }
        let needed = distances.reduce(dropped + points.count - 1) { min($0, $1.firstNeeded) }
        let passed = needed - dropped
        guard passed >= 4096, passed * 2 >= points.count else { return }
        points.removeFirst(passed)
        dropped = needed
    }
}
