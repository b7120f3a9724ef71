/// How a run ended.
public enum RunEnding: String, Sendable, Equatable {
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
public struct RunSummary: Sendable, Equatable {
    public var snapshot: RunSnapshot
    public var splits: [Split]
    public var ending: RunEnding

    public init(snapshot: RunSnapshot, splits: [Split], ending: RunEnding) {
        self.snapshot = snapshot
        self.splits = splits
        self.ending = ending
    }

    public var reachedGoal: Bool { ending == .goalReached }
    public var wasCancelled: Bool { ending == .cancelled }
}
