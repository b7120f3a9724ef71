/// How noisy the fixes really are, measured from the fixes themselves.
///
/// A receiver's claimed accuracy is a pessimistic bound (a clean fix still claims 5 m), and
/// trusting it makes the filter round off every corner and reversal. On a straight stretch the
/// change of velocity between three fixes is pure noise, so the median of its square over the
/// last fixes estimates the noise's variance; the median ignores the few changes a corner
/// really makes (Sage–Husa style adaptive noise, made robust). Noise setting in is believed
/// sooner: three times the least of the last three samples (an unbiased estimate a lone corner
/// cannot inflate) raises the estimate at once.
struct MeasurementNoise {
    private var samples: SortedWindow
    private var previous: (time: Double, east: Double, north: Double)?
    private var older: (time: Double, east: Double, north: Double)?
    /// Below this many samples the claimed accuracy is used as it is.
    private let minimumSamples = 5
    /// The floor of the estimate, in metres: clean fixes are followed all but exactly.
    private let floor = 0.03
    private let correlationAllowance: Double

    init(window: Int, correlationAllowance: Double) {
        self.correlationAllowance = correlationAllowance
        samples = SortedWindow(capacity: max(window, 5))
    }

    /// Forgets the fixes (a new track segment).
    mutating func restart() {
        previous = nil
        older = nil
        samples.removeAll()
    }

    /// Takes the next fix's position in the plane.
    mutating func record(time: Double, east: Double, north: Double) {
        defer {
            older = previous
            previous = (time, east, north)
        }
        guard let b = previous, let a = older else { return }
        let dt1 = b.time - a.time, dt2 = time - b.time
        guard dt1 > 0, dt2 > 0 else { return }
        let ae = (east - b.east) / dt2 - (b.east - a.east) / dt1
        let an = (north - b.north) / dt2 - (b.north - a.north) / dt1
        // For independent noise σ per axis, each component has variance σ²·k.
        let k = 1 / (dt2 * dt2) + (1 / dt1 + 1 / dt2) * (1 / dt1 + 1 / dt2) + 1 / (dt1 * dt1)
        samples.append((ae * ae + an * an) / (2 * k))
    }

    /// Moves the frame under the remembered fixes.
    mutating func shift(east: Double, north: Double) {
        previous = previous.map { ($0.time, $0.east + east, $0.north + north) }
        older = older.map { ($0.time, $0.east + east, $0.north + north) }
    }

    /// What the noise says about the next fix, in m².
    struct Estimate {
        /// The variance to filter with.
        var filtering: Double
        /// The variance of the noise as measured from one fix to the next, 0 until measured.
        var measured: Double
    }

    /// The noise to filter with and the noise measured, never more than the claimed `accuracy`;
    /// an accuracy the receiver did not claim (`isClaimed` false: the tracker assumed it) gives
    /// way to the noise measured, since a logger that says nothing may be far noisier.
    ///
    /// Real GPS errors are correlated over seconds, and a change of velocity from one second to
    /// the next sees only a small part of them (a tenth to a thirtieth, for errors correlated
    /// over 4 to 10 s): the filter takes `correlationAllowance` times the measured variance.
    /// Fixes `interval` seconds apart see a part that grows with the interval (for an error
    /// wandering over τ ≫ dt, about 2dt/3τ of it), so the allowance shrinks as 1/interval, and
    /// fixes farther apart than the errors last see all of it. Clean fixes measure nothing and
    /// are followed exactly; white noise reaches the claim.
    func estimate(claimedAccuracy accuracy: Double, isClaimed: Bool, interval: Double) -> Estimate {
        var claimed = max(accuracy, floor) * max(accuracy, floor)
        guard samples.count >= minimumSamples else { return Estimate(filtering: claimed, measured: 0) }
        let median = samples.median
        var recentLeast = Double.infinity
        for back in 0..<min(3, samples.count) { recentLeast = min(recentLeast, samples.recent(back)) }
        // The sample is σ²·χ²₂/2, an exponential of mean σ², whose median is σ²·ln 2.
        let typical = median / 0.693_147
        let raw = max(typical, 3 * recentLeast)
        if !isClaimed { claimed = max(claimed, 2 * typical / max(interval, 1)) }
        let allowance = max(min(1, correlationAllowance), correlationAllowance / max(interval, 1))
        return Estimate(filtering: min(claimed, max(floor * floor, allowance * raw)),
                        measured: min(claimed, max(floor * floor, raw)))
    }
}
