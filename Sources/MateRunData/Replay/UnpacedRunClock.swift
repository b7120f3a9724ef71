import MateRunDomain
import Synchronization

/// A run clock for replaying as fast as the machine allows (`--speed max`).
///
/// It never waits: a sleep returns at once (after letting other tasks run) and moves run time to
/// its deadline, so `now()` is the latest time any sleeper asked for. A cancelled task still gets
/// `CancellationError`, so a replay can be stopped.
public final class UnpacedRunClock: RunClock, Sendable {
    private let latest = Mutex(0.0)

    public init() {}

    public var isPaced: Bool { false }

    public func now() -> Double {
        latest.withLock { $0 }
    }

    public func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        latest.withLock { $0 = max($0, deadline) }
        await Task.yield()
        try Task.checkCancellation()
    }
}
