import Synchronization

/// Lets someone other than the runner end a run early, with a reason: the pair's rules end the
/// loser's race and a team run once the shared goal is reached.
///
/// The running use case checks it before each sensor reading, so a run stops within one sample.
public final class RunStopSignal: Sendable {
    private let reason = Mutex<RunEnding?>(nil)

    public init() {}

    /// Asks the run to end; the first reason given wins.
    public func stop(_ ending: RunEnding) {
        reason.withLock { current in
            if current == nil { current = ending }
        }
    }

    public var requested: RunEnding? {
        reason.withLock { $0 }
    }
}
