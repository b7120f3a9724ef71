import MateRunDomain
import Synchronization

/// A run clock for replaying as fast as the machine allows (`--speed max`).
///
/// It never waits: a sleep returns at once and moves run time to its deadline, so `now()` is the
/// latest time any sleeper asked for. A cancelled task still gets `CancellationError`, so a replay
/// can be stopped. One sleep in `yieldInterval` lets other tasks run, so a long replay does not
/// hold a thread of the (two-thread) cooperative pool to itself; yielding on every sample would
/// cost more than the run itself.
package final class UnpacedRunClock: RunClock, Sendable {
    private let state = Mutex((latest: 0.0, sleeps: 0))
    private let yieldInterval = 1024

    package init() {}

    package var isPaced: Bool { false }

    package func now() -> Double {
        state.withLock { $0.latest }
    }

    package func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        let shouldYield = state.withLock { state -> Bool in
            state.latest = max(state.latest, deadline)
            state.sleeps &+= 1
            return state.sleeps % yieldInterval == 0
        }
        if shouldYield {
            await Task.yield()
            try Task.checkCancellation()
        }
    }
}
