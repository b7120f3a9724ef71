/// The runner's recent pace: distance over the last few seconds of moving time.
struct PaceWindow {
    private var points: [(moving: Double, distance: Double)] = []
    private var head = 0
    private let span: Double
    /// Less distance than this in the window gives no pace: the runner is barely moving.
    private let minimumDistance = 10.0

    init(span: Double) {
        self.span = span
        points.reserveCapacity(64)
    }

    mutating func record(moving: Double, distance: Double) {
        points.append((moving, distance))
        while head < points.count - 1, moving - points[head + 1].moving >= span {
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

    /// Seconds per kilometre over the window, or nil without enough movement.
    var secondsPerKilometre: Double? {
        guard let last = points.last, head < points.count else { return nil }
        let first = points[head]
        let distance = last.distance - first.distance
        let time = last.moving - first.moving
        guard distance >= minimumDistance, time > 0 else { return nil }
        return time / distance * 1000
    }
}
