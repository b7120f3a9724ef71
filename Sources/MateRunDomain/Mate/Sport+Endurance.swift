/// How far someone doing a sport can go in a given time, so that a mate's claims are judged by
/// what its declared sport allows: a runner's limit is not a cyclist's.
///
/// Runners and walkers: the world records bend with distance (12:35 for 5 km is 6.6 m/s, a
/// marathon's 2:00:35 is 5.8 m/s), which Riegel's endurance formula, t₂ = t₁ · (d₂/d₁)^1.06,
/// follows. It is anchored at 5 km in 12 minutes, faster than the record, and never below a
/// sprint at 12.5 m/s (above the 100 m record's average) for the first 40 s. Cyclists: 35 m/s
/// (a long descent) for the first 5 minutes, and the hour record's 16.7 m/s (60 km/h) after.
extension Sport {
    /// The most metres this sport covers in `seconds` of run time (0 for no time).
    package func farthestMetres(in seconds: Double) -> Double {
        let time = max(0, seconds)
        switch self {
        case .running, .walking:
            let endurance = Self.enduranceAnchorMetres
                * Math.pow(time / Self.enduranceAnchorSeconds, 1 / Self.riegelExponent)
            return max(endurance, Self.sprintSpeed * min(time, Self.sprintSeconds))
        case .cycling:
            return max(Self.cyclingSustainedSpeed * time, Self.cyclingDescentSpeed * min(time, Self.cyclingDescentSeconds))
        }
    }

    /// The endurance curve's anchor: 5 km in 12 minutes, faster than the 5 km world record (755 s).
    static let enduranceAnchorMetres = 5000.0
    static let enduranceAnchorSeconds = 720.0
    static let riegelExponent = 1.06
    static let sprintSpeed = 12.5
    static let sprintSeconds = 40.0
    static let cyclingSustainedSpeed = 16.7
    static let cyclingDescentSpeed = 35.0
    static let cyclingDescentSeconds = 300.0
}
