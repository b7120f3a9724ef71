import MateRunDomain

/// A simulated runner's heart rate, second by second, for scripted scenarios that ask for one.
///
/// Heart rate follows effort with a lag: it climbs toward the steady state of the current
/// segment with a time constant of about 30 s and falls back more slowly (about 60 s), the
/// shape a chest strap shows across intervals. The steady state is a share of the heart-rate
/// reserve (Karvonen: resting + share × (max − resting)) that grows with speed, unless a segment
/// names its own; over a long effort it drifts up (cardiac drift), by `driftPerHour` beats per
/// hour of moving. The readings are whole beats, as straps report them.
struct HeartRateModel: Equatable {
    var restingBPM: Double
    var maxBPM: Double
    var driftPerHour: Double

    /// Seconds to close 63% of the way up to a higher steady state, and down to a lower one.
    private static let riseTimeConstant = 30.0
    private static let fallTimeConstant = 60.0

    /// The steady state a segment settles at.
    func steadyState(for segment: ScriptedSegment) -> Double {
        if let target = segment.heartRateBPM { return target }
        let share: Double
        switch segment.activity {
        case .still: share = 0.1
        case .walking: share = 0.3 + 0.1 * segment.speed
        case .running: share = min(0.95, max(0.55, 0.45 + 0.1 * segment.speed))
        }
        return restingBPM + share * (maxBPM - restingBPM)
    }

    /// One reading for each whole second from 0 to the end of the segments.
    func beats(for segments: [ScriptedSegment]) -> [Double] {
        let timeline = ScriptTimeline(segments: segments)
        let lastSecond = Int((timeline.durationSeconds + 1e-9).rounded(.down))
        var rate = restingBPM
        var movingSeconds = 0.0
        return (0...max(0, lastSecond)).map { second in
            let segment = timeline.segment(at: Double(second))
            if segment.activity != .still { movingSeconds += 1 }
            let target = min(maxBPM, steadyState(for: segment) + driftPerHour * movingSeconds / 3600)
            let timeConstant = target > rate ? Self.riseTimeConstant : Self.fallTimeConstant
            if second > 0 { rate += (target - rate) * (1 - ScenarioMath.exp(-1 / timeConstant)) }
            return rate.rounded()
        }
    }
}
