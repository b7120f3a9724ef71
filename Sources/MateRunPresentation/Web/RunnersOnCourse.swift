import MateRunDomain

/// Where the runner and the others stand on the page's map, and the frame that holds them.
///
/// Pure and fed in order: each of the runner's progress says how far they have run and where
/// they are. With a course known in advance, the runner is matched to the course near where
/// they should be (a course that doubles back passes a place twice), and everyone else is put
/// at the same offset from their own distance, so that a ghost level with the runner stands on
/// the runner's dot. Without one (a live track), the others go on the runner's own trail at
/// their distance, and one ahead of it waits at its end, said to be beyond it.
package struct RunnersOnCourse: Sendable {
    /// Where a runner was put.
    package enum Place: String, Sendable {
        /// On the course known in advance.
        case course
        /// On the runner's own trail so far.
        case trail
        /// Further than the runner's trail goes: drawn at its end.
        case beyondTrail = "beyond_trail"
    }

    /// One runner on the map.
    package struct Placed: Sendable, Equatable {
        package var point: Coordinate
        package var place: Place
        /// How far into the course the point is; nil off a course.
        package var courseMetres: Double?
    }

    /// How far from where the runner should be on the course a match is looked for.
    static let matchWindowMetres = 150.0

    package let course: CourseLine?
    package private(set) var frame: MapFrame?
    private var trail: [(metres: Double, point: Coordinate)] = []
    private var matched: (distance: Double, courseMetres: Double)?

    package init(course: CourseLine?) {
        self.course = course
        frame = course.map { $0.bounds.padded(share: 0.02) }
    }

    /// The runner has run `distanceMetres` and is at `position` (nil while the position is not
    /// known): where they are on the map.
    package mutating func runner(distanceMetres: Double, position: Coordinate?) -> Placed? {
        guard distanceMetres.isFinite else { return nil }
        if let position {
            frame = frame.map { $0.holding(position) } ?? MapFrame(around: [position]).padded(share: 0.25)
            if distanceMetres >= trail.last?.metres ?? -1 { trail.append((distanceMetres, position)) }
        }
        guard let course else { return position.map { Placed(point: $0, place: .trail, courseMetres: nil) } }
        let expected = matched.map { $0.courseMetres + (distanceMetres - $0.distance) } ?? distanceMetres
        let along = position.map { course.nearestMetres(to: $0, near: expected, within: Self.matchWindowMetres) }
            ?? min(max(0, expected), course.lengthMetres)
        matched = (distanceMetres, along)
        return Placed(point: position ?? course.point(atMetres: along), place: .course, courseMetres: along)
    }

    /// Where someone who has run `distanceMetres` stands; nil before the runner has a place.
    package func place(distanceMetres: Double) -> Placed? {
        guard distanceMetres.isFinite else { return nil }
        if let course {
            guard let matched else { return nil }
            let along = min(max(0, distanceMetres + matched.courseMetres - matched.distance), course.lengthMetres)
            return Placed(point: course.point(atMetres: along), place: .course, courseMetres: along)
        }
        guard let first = trail.first, let last = trail.last else { return nil }
        if distanceMetres >= last.metres {
            return Placed(point: last.point, place: distanceMetres > last.metres + 1 ? .beyondTrail : .trail, courseMetres: nil)
        }
        if distanceMetres <= first.metres { return Placed(point: first.point, place: .trail, courseMetres: nil) }
        var low = 0, high = trail.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if trail[middle].metres <= distanceMetres { low = middle } else { high = middle }
        }
        let (a, b) = (trail[low], trail[high])
        let share = b.metres > a.metres ? (distanceMetres - a.metres) / (b.metres - a.metres) : 0
        let point = Coordinate(
            latitude: a.point.latitude + (b.point.latitude - a.point.latitude) * share,
            longitude: a.point.longitude + (b.point.longitude - a.point.longitude) * share)
        return Placed(point: point, place: .trail, courseMetres: nil)
    }
}
