/// The distances a runner keeps personal bests for.
package enum BestDistance: Double, Sendable, CaseIterable, Comparable {
    case oneKilometre = 1000
    case fiveKilometres = 5000
    case tenKilometres = 10000
    case halfMarathon = 21097.5
    case marathon = 42195

    /// A stable word for JSON and tables.
    package var key: String {
        switch self {
        case .oneKilometre: "1k"
        case .fiveKilometres: "5k"
        case .tenKilometres: "10k"
        case .halfMarathon: "half_marathon"
        case .marathon: "marathon"
        }
    }

    package static func < (lhs: BestDistance, rhs: BestDistance) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The fastest stretch of one distance: how long it took (moving time) and where it was.
package struct BestEffort: Sendable, Equatable {
    package var movingSeconds: Double
    /// Metres into the run where the stretch began.
    package var startMetres: Double
    /// The run it was found in; nil while the effort belongs to a track not yet kept.
    package var runID: RunRecordID?

    package init(movingSeconds: Double, startMetres: Double, runID: RunRecordID? = nil) {
        self.movingSeconds = movingSeconds
        self.startMetres = startMetres
        self.runID = runID
    }
}

/// The fastest 1 km, 5 km, 10 km, half marathon and marathon, found anywhere along a track, not
/// only over whole runs.
///
/// A track is a sequence of cumulative (distance, moving time) points; between points both grow
/// linearly, so a stretch may start and end between two points. Time spent standing (distance
/// not growing) before a stretch does not count against it, and time at the end does not either.
package struct PersonalBests: Sendable, Equatable {
    package private(set) var efforts: [BestDistance: BestEffort]

    package init(efforts: [BestDistance: BestEffort] = [:]) {
        self.efforts = efforts
    }

    package subscript(distance: BestDistance) -> BestEffort? { efforts[distance] }

    /// The bests of one track, labelled with `runID`.
    package init(track: [RecordedFix], runID: RunRecordID? = nil) {
        self.init(points: track.map { (distance: $0.distanceMetres, moving: $0.movingSeconds) }, runID: runID)
    }

    /// The bests of a track given as its cumulative (distance, moving time) points: what a run
    /// being kept holds of its fixes (16 bytes a fix rather than the whole fix).
    package init(points track: [(distance: Double, moving: Double)], runID: RunRecordID? = nil) {
        let points = TrackProfile(track)
        var efforts: [BestDistance: BestEffort] = [:]
        for distance in BestDistance.allCases {
            guard let found = points.fastest(over: distance.rawValue) else { break }
            efforts[distance] = BestEffort(movingSeconds: found.seconds, startMetres: found.start, runID: runID)
        }
        self.efforts = efforts
    }

    /// These bests and `other`'s, keeping the faster effort for each distance (the earlier one,
    /// `self`'s, on a tie).
    package func merged(with other: PersonalBests) -> PersonalBests {
        var efforts = self.efforts
        for (distance, effort) in other.efforts where effort.movingSeconds < efforts[distance]?.movingSeconds ?? .infinity {
            efforts[distance] = effort
        }
        return PersonalBests(efforts: efforts)
    }
}

/// A track reduced to strictly increasing distances, each with the first and the last moving time
/// seen there, so that a stretch starts at the last moment at its start and ends at the first
/// moment at its end.
private struct TrackProfile {
    private var distances: [Double] = []
    private var firstTimes: [Double] = []
    private var lastTimes: [Double] = []

    init(_ points: [(distance: Double, moving: Double)]) {
        distances.reserveCapacity(points.count)
        firstTimes.reserveCapacity(points.count)
        lastTimes.reserveCapacity(points.count)
        for point in points where point.distance.isFinite && point.moving.isFinite {
            if let last = distances.last, point.distance <= last {
                lastTimes[lastTimes.count - 1] = max(lastTimes[lastTimes.count - 1], point.moving)
                continue
            }
            distances.append(point.distance)
            firstTimes.append(point.moving)
            lastTimes.append(point.moving)
        }
    }

    /// The quickest stretch of `length` metres, or nil when the track is shorter.
    ///
    /// The time of a stretch is piecewise linear in where it starts, so its minimum lies where the
    /// start or the end is on a point: one pass puts the start on each point, one puts the end on
    /// each point, and each pass moves a second index forward only (O(n)).
    func fastest(over length: Double) -> (seconds: Double, start: Double)? {
        guard let first = distances.first, let last = distances.last, last - first >= length else { return nil }
        // The best so far as two numbers rather than an optional pair: this runs twice for each
        // point and each distance when a run is kept (tens of milliseconds for a long track).
        var bestSeconds = Double.infinity, bestStart = 0.0, found = false
        func consider(_ seconds: Double, _ start: Double) {
            guard seconds < bestSeconds else { return }
            bestSeconds = max(0, seconds)
            bestStart = start
            found = true
        }
        var end = 0
        for start in distances.indices {
            let target = distances[start] + length
            if target > last { break }
            while distances[end] < target { end += 1 }
            consider(endTime(at: target, segmentEnd: end) - lastTimes[start], distances[start])
        }
        var start = 0
        for end in distances.indices {
            let target = distances[end] - length
            if target < first { continue }
            while distances[start + 1] <= target { start += 1 }
            consider(firstTimes[end] - startTime(at: target, segmentStart: start), target)
        }
        return found ? (bestSeconds, bestStart) : nil
    }

    /// The first moment at `distance`, which lies in (distances[index-1], distances[index]].
    private func endTime(at distance: Double, segmentEnd index: Int) -> Double {
        if distances[index] == distance || index == 0 { return firstTimes[index] }
        return interpolate(distance, from: index - 1)
    }

    /// The last moment at `distance`, which lies in [distances[index], distances[index+1]).
    private func startTime(at distance: Double, segmentStart index: Int) -> Double {
        if distances[index] == distance { return lastTimes[index] }
        return interpolate(distance, from: index)
    }

    private func interpolate(_ distance: Double, from index: Int) -> Double {
        let fraction = (distance - distances[index]) / (distances[index + 1] - distances[index])
        return lastTimes[index] + fraction * (firstTimes[index + 1] - lastTimes[index])
    }
}
