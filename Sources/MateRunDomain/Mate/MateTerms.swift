/// How a pair runs together.
package enum MateMode: String, Sendable, CaseIterable {
    /// Each runs to the goal; the first to reach it, by elapsed run time, wins.
    case race
    /// The two distances add up; both finish together when the sum reaches the goal.
    case team
}

/// What the host proposes and the joiner accepts before a start: the contest and its goal.
///
/// Sent once per session so that both sides judge the result by the same rules.
package struct MateTerms: Sendable, Equatable {
    package var mode: MateMode
    /// The goal distance in metres: each runner's in a race, the pair's sum in a team run.
    package var goalMetres: Double
    /// The replay speed both sides run their scenarios at (2 = twice real time); nil runs as fast
    /// as the machine allows.
    package var speed: Double?

    /// The goal each runner's own run has: the race goal, or none in a team run (the team's goal
    /// is the pair's sum, which only the pair's rules can see).
    package var ownGoalMetres: Double? { mode == .race ? goalMetres : nil }

    package init(mode: MateMode, goalMetres: Double, speed: Double? = nil) {
        self.mode = mode
        self.goalMetres = goalMetres
        self.speed = speed
    }
}
