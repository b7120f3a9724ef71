/// A Rauch–Tung–Striebel smoother over the last few fixes: the track as it looks once the next
/// seconds are known.
///
/// The forward filter alone must choose between lagging at a turn and following the noise; going
/// back over a few seconds with what came after (the RTS pass, as in trajectory post-processing)
/// gets both right. Each new fix settles the oldest one of the window, so the smoothed track
/// trails the runner by `lag` fixes; `flush` settles the rest at the end of a segment.
struct FixedLagSmoother {
    private struct Entry {
        var time = 0.0
        /// Seconds since the previous entry (0 for a segment's first).
        var dt = 0.0
        var priorEast = KalmanAxis.Estimate(position: 0, velocity: 0, pp: 0, pv: 0, vv: 0)
        var priorNorth = KalmanAxis.Estimate(position: 0, velocity: 0, pp: 0, pv: 0, vv: 0)
        var east = KalmanAxis.Estimate(position: 0, velocity: 0, pp: 0, pv: 0, vv: 0)
        var north = KalmanAxis.Estimate(position: 0, velocity: 0, pp: 0, pv: 0, vv: 0)
    }

    /// A settled point of the smoothed track, in the plane.
    struct Point {
        var time: Double
        var east: Double
        var north: Double
    }

    private var entries: [Entry]
    private var smoothed: [Point]
    private var start = 0
    private(set) var count = 0

    init(lag: Int) {
        entries = Array(repeating: Entry(), count: max(lag, 1) + 1)
        smoothed = Array(repeating: Point(time: 0, east: 0, north: 0), count: entries.count)
    }

    /// Adds a filtered fix (its prior is what the filter predicted before the update) and returns
    /// the point that this settles, once the window is full.
    mutating func append(
        time: Double, dt: Double, prior: (east: KalmanAxis.Estimate, north: KalmanAxis.Estimate),
        filtered: (east: KalmanAxis.Estimate, north: KalmanAxis.Estimate)
    ) -> Point? {
        let slot = (start + count) % entries.count
        entries[slot] = Entry(time: time, dt: dt, priorEast: prior.east, priorNorth: prior.north,
                              east: filtered.east, north: filtered.north)
        guard count == entries.count - 1 else {
            count += 1
            return nil
        }
        count += 1
        smoothBack()
        let settled = smoothed[0]
        start = (start + 1) % entries.count
        count -= 1
        return settled
    }

    /// Settles every point still in the window, oldest first, and empties it.
    mutating func flush(_ settle: (Point) -> Void) {
        guard count > 0 else { return }
        smoothBack()
        for index in 0..<count { settle(smoothed[index]) }
        count = 0
        start = 0
    }

    /// Moves the frame under the window (see `KalmanAxis.shift`).
    mutating func shift(east: Double, north: Double) {
        for index in 0..<count {
            let slot = (start + index) % entries.count
            entries[slot].priorEast.shift(by: east)
            entries[slot].priorNorth.shift(by: north)
            entries[slot].east.shift(by: east)
            entries[slot].north.shift(by: north)
        }
    }

    /// Runs the RTS recursion from the newest entry back to the oldest, into `smoothed`.
    private mutating func smoothBack() {
        let newest = entries[(start + count - 1) % entries.count]
        var east = (newest.east.position, newest.east.velocity)
        var north = (newest.north.position, newest.north.velocity)
        smoothed[count - 1] = Point(time: newest.time, east: east.0, north: north.0)
        var later = newest
        var index = count - 2
        while index >= 0 {
            let entry = entries[(start + index) % entries.count]
            east = Self.smooth(entry.east, nextPrior: later.priorEast, nextSmoothed: east, dt: later.dt)
            north = Self.smooth(entry.north, nextPrior: later.priorNorth, nextSmoothed: north, dt: later.dt)
            smoothed[index] = Point(time: entry.time, east: east.0, north: north.0)
            later = entry
            index -= 1
        }
    }

    /// One RTS step: x̂ = x + C (x̂ₙₑₓₜ − x⁻ₙₑₓₜ), C = P Fᵀ (P⁻ₙₑₓₜ)⁻¹.
    private static func smooth(
        _ f: KalmanAxis.Estimate, nextPrior p: KalmanAxis.Estimate, nextSmoothed s: (Double, Double), dt: Double
    ) -> (Double, Double) {
        let det = p.pp * p.vv - p.pv * p.pv
        guard det > 0 else { return (f.position, f.velocity) }
        let m11 = f.pp + f.pv * dt, m12 = f.pv
        let m21 = f.pv + f.vv * dt, m22 = f.vv
        let i11 = p.vv / det, i12 = -p.pv / det, i22 = p.pp / det
        let dp = s.0 - p.position, dv = s.1 - p.velocity
        return (f.position + (m11 * i11 + m12 * i12) * dp + (m11 * i12 + m12 * i22) * dv,
                f.velocity + (m21 * i11 + m22 * i12) * dp + (m21 * i12 + m22 * i22) * dv)
    }
}
