/// How a run ended.
package enum RunEnding: String, Sendable, Equatable {
    /// The goal distance was reached.
    case goalReached
    /// The scenario (the sensors) ran out before any goal was reached.
    case sensorsEnded
    /// The runner stopped the run.
    case cancelled
    /// The pair's rules ended it: the mate won the race, or the team reached its goal together.
    case endedByMate
}

/// The record of a finished run: the final snapshot and the splits.
package struct RunSummary: Sendable, Equatable {
    package var snapshot: RunSnapshot
    package var splits: [Split]
    package var ending: RunEnding

    package init(snapshot: RunSnapshot, splits: [Split], ending: RunEnding) {
        self.snapshot = snapshot
        self.splits = splits
        self.ending = ending
    }

    package var reachedGoal: Bool { ending == .goalReached }
    package var wasCancelled: Bool { ending == .cancelled }
}
