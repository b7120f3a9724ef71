/// A change in one side's run that the mate must learn at once rather than at the next progress.
package enum MateStateChange: Sendable, Equatable {
    /// The runner stopped moving (auto-pause).
    case paused
    /// The runner moves again.
    case resumed
    /// The run is over for this side; nothing but heartbeats and `bye` follows.
    case finished(MateFinish)
    /// The runner stopped the run before its end.
    case cancelled
}

/// How one side's run ended, so that both sides name the same winner.
package struct MateFinish: Sendable, Equatable {
    /// Whether this side reached the goal itself (a race) or the scenario simply ran out.
    package var reachedGoal: Bool
    /// Run time at the finish, since the agreed start.
    package var elapsedSeconds: Double
    package var distanceMetres: Double

    package init(reachedGoal: Bool, elapsedSeconds: Double, distanceMetres: Double) {
        self.reachedGoal = reachedGoal
        self.elapsedSeconds = elapsedSeconds
        self.distanceMetres = distanceMetres
    }
}
