/// The current grade: climb over the last stretch of track, as a watch shows it.
///
/// A grade from one fix to the next is mostly elevation noise; over about 100 m it is the hill.
struct GradeWindow {
    private var window: TrailingWindow
    /// Less track than this gives no grade yet.
    private let minimumDistance: Double

    init(span: Double = 100, minimumDistance: Double = 30) {
        window = TrailingWindow(span: span)
        self.minimumDistance = minimumDistance
    }

    mutating func record(distance: Double, elevation: Double?) {
        guard let elevation, elevation.isFinite else { return }
        window.record(position: distance, value: elevation)
    }

    mutating func reset() {
        window.reset()
    }

    /// Percent climb over the window, nil without enough track or without elevation.
    var percent: Double? {
        guard let (first, last) = window.ends else { return nil }
        let run = last.position - first.position
        guard run >= minimumDistance else { return nil }
        return (last.value - first.value) / run * 100
    }
}
