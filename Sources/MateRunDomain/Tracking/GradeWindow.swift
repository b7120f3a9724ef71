/// The current grade: climb over the last stretch of track, as a watch shows it.
///
/// A grade from one fix to the next is mostly elevation noise; over about 100 m it is the hill.
struct GradeWindow {
    private var points: [(distance: Double, elevation: Double)] = []
    private var head = 0
    /// Metres of track the grade is measured over.
    private let span: Double
    /// Less track than this gives no grade yet.
    private let minimumDistance: Double

    init(span: Double = 100, minimumDistance: Double = 30) {
        self.span = span
        self.minimumDistance = minimumDistance
        points.reserveCapacity(64)
    }

    mutating func record(distance: Double, elevation: Double?) {
        guard let elevation, elevation.isFinite else { return }
        points.append((distance, elevation))
        while head < points.count - 1, distance - points[head + 1].distance >= span {
            head += 1
        }
        if head > 256 {
            points.removeFirst(head)
            head = 0
        }
    }

    mutating func reset() {
        points.removeAll(keepingCapacity: true)
        head = 0
    }

    /// Percent climb over the window, nil without enough track or without elevation.
    var percent: Double? {
        guard let last = points.last, head < points.count else { return nil }
        let first = points[head]
        let run = last.distance - first.distance
        guard run >= minimumDistance else { return nil }
        return (last.elevation - first.elevation) / run * 100
    }
}
