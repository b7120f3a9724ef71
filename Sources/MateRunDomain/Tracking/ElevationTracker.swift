/// Smooths elevation and counts climbing with hysteresis, so that sensor jitter is not climbing.
struct ElevationTracker {
    private let hysteresis: Double
    private(set) var smoothed: Double?
    private var low: Double?
    private(set) var gain = 0.0
    /// Weight of a new reading in the exponential smoothing.
    private let alpha = 0.3

    init(hysteresis: Double) {
        self.hysteresis = hysteresis
    }

    /// Takes a reading and returns the smoothed elevation change since the previous reading.
    mutating func record(_ elevation: Double?) -> Double {
        guard let elevation, elevation.isFinite else { return 0 }
        guard let previous = smoothed else {
            smoothed = elevation
            low = elevation
            return 0
        }
        let next = previous + alpha * (elevation - previous)
        smoothed = next
        if let base = low {
            if next < base {
                low = next
            } else if next - base >= hysteresis {
                gain += next - base
                low = next
            }
        }
        return next - previous
    }

    /// Forgets the last reading (after a gap in the track), keeping the gain so far.
    mutating func restart() {
        smoothed = nil
        low = nil
    }
}
