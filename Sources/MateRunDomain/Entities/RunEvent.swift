/// What the running use case publishes as a run unfolds.
package enum RunEvent: Sendable, Equatable {
    /// The run's state, at most once per second of run time.
    case progress(RunSnapshot)
    /// A kilometre was completed.
    case split(Split)
    /// Auto-pause began (the runner stopped moving).
    case paused(RunSnapshot)
    /// Movement resumed after an auto-pause.
    case resumed(RunSnapshot)
    /// The run is over; nothing follows this event.
    case finished(RunSummary)
}
