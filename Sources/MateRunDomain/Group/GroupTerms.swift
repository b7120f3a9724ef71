/// What a group's creator sets for everyone before the start: the contest, its goal, the replay
/// speed, and when the group starts by itself.
package struct GroupTerms: Sendable, Equatable {
    package var mode: MateMode
    /// Each runner's goal in a race; the sum of everyone's distances in a team run.
    package var goalMetres: Double
    /// The replay speed every runner runs at; nil runs as fast as each machine allows.
    package var speed: Double?
    /// Start as soon as this many runners are in (the creator included); nil waits for the
    /// creator to start.
    package var startWhen: Int?
    /// The most runners the group takes; later ones are refused.
    package var maxRunners: Int
    /// Wall seconds between the start being called and the run starting.
    package var countdownSeconds: Double

    package init(
        mode: MateMode, goalMetres: Double, speed: Double? = nil, startWhen: Int? = nil, maxRunners: Int = 10_000,
        countdownSeconds: Double = 3
    ) {
        self.mode = mode
        self.goalMetres = goalMetres
        self.speed = speed
        self.startWhen = startWhen
        self.maxRunners = maxRunners
        self.countdownSeconds = countdownSeconds
    }

    /// The goal each runner's own run has: the race goal, none in a team run.
    package var ownGoalMetres: Double? { mode == .race ? goalMetres : nil }
}
