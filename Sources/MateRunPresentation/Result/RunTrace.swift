import MateRunDomain

/// The track of a run as the result screen draws it: where the runner was, how high, how far and
/// when, sample by sample, and in a paired run how far the mate had come and when.
///
/// The live screen records it from the progress it is shown, so that the result can draw a route
/// map, an elevation profile, a pace chart and the pair's race without the use case keeping a
/// track for the screen's sake. A value: what the result view takes, and what tests build by hand.
package struct RunTrace: Sendable, Equatable {
    /// One moment of the run.
    package struct Point: Sendable, Equatable {
        package var elapsedSeconds: Double
        package var movingSeconds: Double
        package var distanceMetres: Double
        package var position: Coordinate?
        package var elevationMetres: Double?

        package init(
            elapsedSeconds: Double, movingSeconds: Double, distanceMetres: Double, position: Coordinate? = nil,
            elevationMetres: Double? = nil
        ) {
            self.elapsedSeconds = elapsedSeconds
            self.movingSeconds = movingSeconds
            self.distanceMetres = distanceMetres
            self.position = position
            self.elevationMetres = elevationMetres
        }
    }

    /// The mate's distance at one moment of their run time.
    package struct MatePoint: Sendable, Equatable {
        package var elapsedSeconds: Double
        package var distanceMetres: Double

        package init(elapsedSeconds: Double, distanceMetres: Double) {
            self.elapsedSeconds = elapsedSeconds
            self.distanceMetres = distanceMetres
        }
    }

    /// The most points kept of each series: a longer run keeps every other one, more than any
    /// terminal has dots across.
    package static let pointLimit = 4096

    package private(set) var points: [Point] = []
    package private(set) var matePoints: [MatePoint] = []
    /// The mate's name, once there is a mate.
    package var mateName: String?

    /// The run's goal, so that the charts' distance reads as the result's (`RunFormat.runDistance`).
    package var goalMetres: Double?

    package init(points: [Point] = [], matePoints: [MatePoint] = [], mateName: String? = nil) {
        self.points = points
        self.matePoints = matePoints
        self.mateName = mateName
    }

    /// Adds the run's state at a moment; a snapshot at the last one's moment replaces it (the
    /// run's end refines its last second: the charts end at the distance shown), and an earlier
    /// one is skipped.
    package mutating func record(_ snapshot: RunSnapshot) {
        if snapshot.goalMetres != nil { goalMetres = snapshot.goalMetres }
        let point = Point(
            elapsedSeconds: snapshot.elapsedSeconds, movingSeconds: snapshot.movingSeconds,
            distanceMetres: snapshot.distanceMetres, position: snapshot.position,
            elevationMetres: snapshot.elevationMetres)
        if let last = points.last {
            if snapshot.elapsedSeconds < last.elapsedSeconds { return }
            if snapshot.elapsedSeconds == last.elapsedSeconds {
                points[points.count - 1] = point
                return
            }
        }
        points.append(point)
        if points.count > Self.pointLimit { points = Self.thinned(points) }
    }

    /// Adds the mate's distance at a moment of their run time; repeats are skipped.
    package mutating func recordMate(name: String, elapsedSeconds: Double, distanceMetres: Double) {
        mateName = name
        if let last = matePoints.last, elapsedSeconds <= last.elapsedSeconds { return }
        matePoints.append(MatePoint(elapsedSeconds: elapsedSeconds, distanceMetres: distanceMetres))
        if matePoints.count > Self.pointLimit { matePoints = Self.thinned(matePoints) }
    }

    /// Every other element, the last one kept.
    private static func thinned<Element>(_ elements: [Element]) -> [Element] {
        var kept = stride(from: 0, to: elements.count, by: 2).map { elements[$0] }
        if elements.count % 2 == 0, let last = elements.last { kept.append(last) }
        return kept
    }
}
