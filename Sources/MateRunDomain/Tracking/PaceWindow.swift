/// The runner's recent pace: distance over the last few seconds of moving time.
struct PaceWindow {
    private var window: TrailingWindow
    /// Less distance than this in the window gives no pace: the runner is barely moving.
    private let minimumDistance = 10.0

    init(span: Double) {
        window = TrailingWindow(span: span)
    }

    mutating func record(moving: Double, distance: Double) {
        window.record(position: moving, value: distance)
    }

    mutating func reset() {
        window.reset()
    }

    /// Seconds per kilometre over the window, or nil without enough movement.
    var secondsPerKilometre: Double? {
        guard let (first, last) = window.ends else { return nil }
        let distance = last.value - first.value
        let time = last.position - first.position
        guard distance >= minimumDistance, time > 0 else { return nil }
        return time / distance * 1000
    }
}
