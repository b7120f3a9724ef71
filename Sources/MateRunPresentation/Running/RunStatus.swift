import MateRunDomain

/// Where a run stands, as the live panel announces it.
package enum RunStatus: Sendable, Equatable {
    /// Nothing has started yet.
    case ready
    /// Counting down to the start: seconds left.
    case countdown(Int)
    case running
    /// Auto-paused: the runner stopped moving.
    case paused
    /// Over, by reaching the goal or by the scenario ending.
    case finished(RunEnding)
    /// Stopped by the runner.
    case cancelled
}
