import Synchronization

/// Lets someone other than the runner end a run early, with a reason: the pair's rules end the
/// loser's race and a team run once the shared goal is reached.
///
/// The running use case checks it before each sensor reading, so a run stops within one sample.
package final class RunStopSignal: Sendable {
    private let reason = Mutex<RunEnding?>(nil)

    package init() {}

    /// Asks the run to end; the first reason given wins.
    package func stop(_ ending: RunEnding) {
        reason.withLock { current in
            if current == nil { current = ending }
        }
    }

    package var requested: RunEnding? {
        reason.withLock { $0 }
    }
}
