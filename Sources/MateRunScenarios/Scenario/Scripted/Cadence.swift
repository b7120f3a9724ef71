import MateRunDomain

/// Plausible pedometer cadence for a simulated runner, from activity and speed.
///
/// Walkers take steps of about 0.72 m (so 1.4 m/s is about 117 steps a minute); runners hold
/// 155-200 steps a minute, rising slowly with speed.
enum Cadence {
    static func stepsPerMinute(activity: Activity, speed: Double) -> Double {
        switch activity {
        case .still: 0
        case .walking: min(135, max(90, speed * 60 / 0.72)).rounded()
        case .running: min(200, max(155, 150 + 6 * speed)).rounded()
        }
    }
}
