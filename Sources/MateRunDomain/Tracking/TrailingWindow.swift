/// The last stretch of a growing series of (position, value) pairs, `span` long in position:
/// what a "current" figure is measured over (pace over the last 30 s of moving time, grade over
/// the last 100 m of track).
///
/// It keeps the newest pair at least `span` behind the latest, so the window always covers the
/// whole span once there is that much, and drops what fell out in batches, without allocating.
struct TrailingWindow {
    private var points: [(position: Double, value: Double)] = []
    private var head = 0
    private let span: Double

    init(span: Double) {
        self.span = span
        points.reserveCapacity(64)
    }

    mutating func record(position: Double, value: Double) {
        points.append((position, value))
        while head < points.count - 1, position - points[head + 1].position >= span {
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

    /// The oldest and the newest pair of the window, nil when empty.
    var ends: (first: (position: Double, value: Double), last: (position: Double, value: Double))? {
        guard let last = points.last, head < points.count else { return nil }
        return (points[head], last)
    }
}
