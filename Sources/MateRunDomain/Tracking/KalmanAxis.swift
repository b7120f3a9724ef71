/// A constant-velocity Kalman filter along one axis of the local plane.
///
/// Two of these (east and north) smooth GPS noise so that the sum of steps does not overstate
/// the distance. Their process noise lets the velocity turn round within a couple of seconds, so
/// that a reversal or a corner is followed rather than cut; `FixedLagSmoother` takes the noise
/// out that this leaves in.
struct KalmanAxis {
    /// Position, velocity and their covariance: what the smoother needs to go back over a step.
    struct Estimate {
        var position: Double
        var velocity: Double
        var pp: Double
        var pv: Double
        var vv: Double

        mutating func shift(by offset: Double) {
            position += offset
        }
    }

    private(set) var estimate: Estimate

    init(position: Double, positionVariance: Double, velocityVariance: Double) {
        estimate = Estimate(position: position, velocity: 0, pp: positionVariance, pv: 0, vv: velocityVariance)
    }

    var position: Double { estimate.position }

    /// The position's variance predicted `dt` seconds ahead, without changing the filter.
    func predictedVariance(after dt: Double, noise q: Double) -> Double {
        let e = estimate
        return e.pp + dt * (2 * e.pv + dt * e.vv) + q * dt * dt * dt / 3
    }

    func predictedPosition(after dt: Double) -> Double {
        estimate.position + estimate.velocity * dt
    }

    /// Moves the estimate `dt` seconds ahead and returns it (the prior the smoother needs).
    mutating func predict(by dt: Double, noise q: Double) -> Estimate {
        var e = estimate
        e.position += e.velocity * dt
        let dt2 = dt * dt
        let newPP = e.pp + dt * (2 * e.pv + dt * e.vv) + q * dt2 * dt / 3
        let newPV = e.pv + dt * e.vv + q * dt2 / 2
        e.vv += q * dt
        e.pp = newPP
        e.pv = newPV
        estimate = e
        return e
    }

    mutating func update(measurement z: Double, variance r: Double) {
        var e = estimate
        let s = e.pp + r
        let kp = e.pp / s
        let kv = e.pv / s
        let innovation = z - e.position
        e.position += kp * innovation
        e.velocity += kv * innovation
        let newVV = e.vv - kv * e.pv
        let newPV = e.pv - kp * e.pv
        e.pp -= kp * e.pp
        e.pv = newPV
        e.vv = newVV
        estimate = e
    }

    /// Moves the frame under the filter: the estimate and its uncertainty stay as they are.
    mutating func shift(by offset: Double) {
        estimate.shift(by: offset)
    }
}
