/// A constant-velocity Kalman filter along one axis of the local plane.
///
/// Two of these (east and north) smooth GPS noise so that the sum of steps does not overstate
/// the distance, and give a velocity that tells moving from standing.
struct KalmanAxis {
    private(set) var position: Double
    private(set) var velocity: Double
    private var pp: Double
    private var pv: Double
    private var vv: Double

    init(position: Double, positionVariance: Double, velocityVariance: Double) {
        self.position = position
        velocity = 0
        pp = positionVariance
        pv = 0
        vv = velocityVariance
    }

    /// The position's variance predicted `dt` seconds ahead, without changing the filter.
    func predictedVariance(after dt: Double, noise q: Double) -> Double {
        pp + dt * (2 * pv + dt * vv) + q * dt * dt * dt / 3
    }

    func predictedPosition(after dt: Double) -> Double {
        position + velocity * dt
    }

    mutating func predict(by dt: Double, noise q: Double) {
        position += velocity * dt
        let dt2 = dt * dt
        let newPP = pp + dt * (2 * pv + dt * vv) + q * dt2 * dt / 3
        let newPV = pv + dt * vv + q * dt2 / 2
        vv += q * dt
        pp = newPP
        pv = newPV
    }

    mutating func update(measurement z: Double, variance r: Double) {
        let s = pp + r
        let kp = pp / s
        let kv = pv / s
        let innovation = z - position
        position += kp * innovation
        velocity += kv * innovation
        let newVV = vv - kv * pv
        let newPV = pv - kp * pv
        pp -= kp * pp
        pv = newPV
        vv = newVV
    }
}

extension KalmanAxis {
    /// Moves the frame under the filter: the estimate and its uncertainty stay as they are.
    mutating func shift(by offset: Double) {
        position += offset
    }
}
