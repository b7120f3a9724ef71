/// Position error that wanders like a real receiver's: a first-order Gauss-Markov process per
/// axis, with a stationary standard deviation `sigma` and a correlation time.
///
/// Real GPS error drifts over tens of seconds rather than jumping independently every fix; with
/// a correlation time of 0 this is plain independent Gaussian noise.
struct CorrelatedNoise {
    private let sigma: Double
    private let correlationSeconds: Double
    private var last: (time: Double, east: Double, north: Double)?

    init(sigma: Double, correlationSeconds: Double) {
        self.sigma = sigma
        self.correlationSeconds = correlationSeconds
    }

    /// The error (east, north) in metres at `time`, from a pair of standard normal draws.
    mutating func next(at time: Double, draw: (Double, Double)) -> (east: Double, north: Double) {
        var east = draw.0 * sigma, north = draw.1 * sigma
        if let last, correlationSeconds > 0 {
            let rho = ScenarioMath.exp(-max(0, time - last.time) / correlationSeconds)
            let innovation = (1 - rho * rho).squareRoot()
            east = rho * last.east + innovation * east
            north = rho * last.north + innovation * north
        }
        last = (time, east, north)
        return (east, north)
    }
}
