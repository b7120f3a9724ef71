import MateRunDomain
import Synchronization

/// A what-if variant of `UnpacedRunClock`, only for measuring: the same semantics (never waits,
/// moves run time to the latest deadline, honours cancellation), but it calls `Task.yield()` only
/// on every `yieldEvery`-th sleep instead of on every one (`nil`: never).
///
/// It exists to put a number on what the product clock's per-sample `Task.yield()` costs; the
/// product is not changed by it.
final class WhatIfUnpacedClock: RunClock, Sendable {
    private let state = Mutex((latest: 0.0, sleeps: 0))
    private let yieldEvery: Int?

    init(yieldEvery: Int?) {
        self.yieldEvery = yieldEvery
    }

    var isPaced: Bool { false }

    func now() -> Double {
        state.withLock { $0.latest }
    }

    func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        let sleeps = state.withLock { state -> Int in
            state.latest = max(state.latest, deadline)
            state.sleeps += 1
            return state.sleeps
        }
        if let yieldEvery, sleeps % yieldEvery == 0 {
            await Task.yield()
            try Task.checkCancellation()
        }
    }
}
