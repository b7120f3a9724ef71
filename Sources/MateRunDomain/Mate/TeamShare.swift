/// A team run's arithmetic: when the pair's distance reaches the goal, and each runner's part of it.
package enum TeamShare {
    /// Metres under the goal that a team finish may show (rounding on the wire).
    package static let goalTolerance = 1.0

    /// Whether the two distances together reach the shared goal.
    package static func reachesGoal(own: Double, mate: Double, goalMetres: Double) -> Bool {
        own + mate >= goalMetres
    }

    /// `own`'s part of the pair's distance in percent, or nil when neither ran a metre. Computed
    /// from the two final figures both sides exchanged, so the two shares add up to 100.
    package static func percent(own: Double, mate: Double) -> Double? {
        let total = own + mate
        return total > 0 ? own / total * 100 : nil
    }
}
