import Synchronization

/// Lets someone other than the runner end a run early, with a reason: the pair's rules end the
/// loser's race and a team run once the shared goal is reached.
///
/// The running use case checks it before each sensor reading, so a run stops within one sample.
package final class RunStopSignal: Sendable {
    private let reason = Mutex<RunEnding?>(nil)
    /// Set once a reason is given: the check before each reading reads it without the lock.
    private let isRequested = Atomic<Bool>(false)

    package init() {}

    /// Asks the run to end; the first reason given wins.
    package func stop(_ ending: RunEnding) {
        reason.withLock { current in
            if current == nil { current = ending }
        }
        isRequested.store(true, ordering: .releasing)
    }

    package var requested: RunEnding? {
        guard isRequested.load(ordering: .acquiring) else { return nil }
        return reason.withLock { $0 }
    }
}
