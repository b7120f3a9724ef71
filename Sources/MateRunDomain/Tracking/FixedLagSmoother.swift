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
        /// The RTS gains from this entry's filtered estimate to the next entry's prior: fixed
        /// once the next entry is in, so worked out once instead of on every pass back.
        var eastGain = Gain.none
        var northGain = Gain.none
    }

    /// The smoother gain C = P Fᵀ (P⁻ₙₑₓₜ)⁻¹ of one axis, with the two estimates it links.
    private struct Gain {
        var pp = 0.0, pv = 0.0, vp = 0.0, vv = 0.0
        /// False where the next prior's covariance is singular: the estimate stays as filtered.
        var isDefined = false

        static let none = Gain()

        init() {}

        init(filtered f: KalmanAxis.Estimate, nextPrior p: KalmanAxis.Estimate, dt: Double) {
            let det = p.pp * p.vv - p.pv * p.pv
            guard det > 0 else { return }
            let m11 = f.pp + f.pv * dt, m12 = f.pv
            let m21 = f.pv + f.vv * dt, m22 = f.vv
            let i11 = p.vv / det, i12 = -p.pv / det, i22 = p.pp / det
            pp = m11 * i11 + m12 * i12
            pv = m11 * i12 + m12 * i22
            vp = m21 * i11 + m22 * i12
            vv = m21 * i12 + m22 * i22
            isDefined = true
        }
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
        let slot = Self.wrapped(start + count, slots: entries.count)
        entries[slot] = Entry(time: time, dt: dt, priorEast: prior.east, priorNorth: prior.north,
                              east: filtered.east, north: filtered.north)
        if count > 0 {
            let previous = slot == 0 ? entries.count - 1 : slot - 1
            entries[previous].eastGain = Gain(filtered: entries[previous].east, nextPrior: prior.east, dt: dt)
            entries[previous].northGain = Gain(filtered: entries[previous].north, nextPrior: prior.north, dt: dt)
        }
        guard count == entries.count - 1 else {
            count += 1
            return nil
        }
        count += 1
        smoothBack()
        let settled = smoothed[0]
        start = Self.wrapped(start + 1, slots: entries.count)
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
            let slot = Self.wrapped(start + index, slots: entries.count)
            entries[slot].priorEast.shift(by: east)
            entries[slot].priorNorth.shift(by: north)
            entries[slot].east.shift(by: east)
            entries[slot].north.shift(by: north)
        }
    }

    /// The slot of a place in a ring of `slots` counted from slot 0, less than twice round: a
    /// compare, not the division `%` is, three times a fix on the tracker's path.
    private static func wrapped(_ place: Int, slots: Int) -> Int {
        place >= slots ? place - slots : place
    }

    /// Runs the RTS recursion from the newest entry back to the oldest, into `smoothed`.
    private mutating func smoothBack() {
        let count = count, start = start
        entries.withUnsafeBufferPointer { entries in
            smoothed.withUnsafeMutableBufferPointer { smoothed in
                var later = Self.wrapped(start + count - 1, slots: entries.count)
                var east = (entries[later].east.position, entries[later].east.velocity)
                var north = (entries[later].north.position, entries[later].north.velocity)
                smoothed[count - 1] = Point(time: entries[later].time, east: east.0, north: north.0)
                var index = count - 2
                while index >= 0 {
                    let slot = later == 0 ? entries.count - 1 : later - 1
                    let next = entries[later]
                    let entry = entries[slot]
                    east = Self.smooth(entry.east, gain: entry.eastGain, nextPrior: next.priorEast, nextSmoothed: east)
                    north = Self.smooth(entry.north, gain: entry.northGain, nextPrior: next.priorNorth, nextSmoothed: north)
                    smoothed[index] = Point(time: entry.time, east: east.0, north: north.0)
                    later = slot
                    index -= 1
                }
            }
        }
    }

    /// One RTS step: x̂ = x + C (x̂ₙₑₓₜ − x⁻ₙₑₓₜ).
    private static func smooth(
        _ f: KalmanAxis.Estimate, gain c: Gain, nextPrior p: KalmanAxis.Estimate, nextSmoothed s: (Double, Double)
    ) -> (Double, Double) {
        guard c.isDefined else { return (f.position, f.velocity) }
        let dp = s.0 - p.position, dv = s.1 - p.velocity
        return (f.position + c.pp * dp + c.pv * dv, f.velocity + c.vp * dp + c.vv * dv)
    }
}
