/// What the running use case publishes as a run unfolds.
///
/// `indirect`: an event is handed from the session through the stream to every screen, and each
/// hand-over of a 200-byte snapshot was a memcpy (a fifth of a replay's time); boxed, it is one
/// allocation when the event is made and a reference count after.
package indirect enum RunEvent: Sendable, Equatable {
    /// The run's state, at most once per second of run time.
    case progress(RunSnapshot)
    /// Fixes the run keeps for its history, in order, each with the run's figures at it: the
    /// latest fix at each second's progress, one a later fix superseded before a progress came,
    /// and the latest at the end. They come before the split or lap that follows them, before
    /// `finished`, and before the run waits for a reading (a replay at full speed: a block of a
    /// few hundred at a time).
    case kept([KeptFix])
    /// A kilometre was completed.
    case split(Split)
    /// A pause began: auto-pause (the runner stopped moving) or the runner's own.
    case paused(RunSnapshot, by: PauseCause)
    /// The run goes on after a pause.
    case resumed(RunSnapshot, by: PauseCause)
    /// The runner marked a lap.
    case lap(Split)
    /// Fixes stopped coming: time runs on, distance waits.
    case gpsLost(RunSnapshot)
    /// Fixes come again after a loss.
    case gpsFound(RunSnapshot)
    /// The run is over; nothing follows this event.
    case finished(RunSummary)

    /// The run's state this event carries, if it carries one.
    package var snapshot: RunSnapshot? {
        switch self {
        case let .progress(snapshot), let .paused(snapshot, _), let .resumed(snapshot, _),
             let .gpsLost(snapshot), let .gpsFound(snapshot):
            snapshot
        case .kept, .split, .lap, .finished:
            nil
        }
    }
}
