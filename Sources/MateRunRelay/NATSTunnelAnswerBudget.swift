/// How many probes and refused dials a host answers: a burst of 20, then 20 a second. Each
/// answer costs a signature, and anyone on the server can send requests as fast as it likes;
/// beyond the budget they are dropped unanswered (a refused dial is still counted), so a flood
/// costs the host a check each, not a signature each. An `ok` is never held back.
struct NATSTunnelAnswerBudget {
    static let burst = 20.0
    static let perSecond = 20.0

    private var tokens = burst
    private var last: ContinuousClock.Instant?

    /// Whether one more answer may be sent at `now`, taking it from the budget.
    mutating func take(now: ContinuousClock.Instant) -> Bool {
        if let last {
            let seconds = Double((now - last).components.seconds) + Double((now - last).components.attoseconds) * 1e-18
            tokens = min(Self.burst, tokens + max(0, seconds) * Self.perSecond)
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
