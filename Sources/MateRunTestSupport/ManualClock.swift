import MateRunDomain
import Synchronization

/// A run clock that moves only when a test says so, so that an hour of run time tests in
/// milliseconds and exactly.
///
/// Sleepers wake when `advance(to:)` passes their deadline, in deadline order.
package final class ManualClock: RunClock, Sendable {
    private struct Sleeper {
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double = 0
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    package init(now: Double = 0) {
        state.withLock { $0.now = now }
    }

    package var isPaced: Bool { true }

    package func now() -> Double {
        state.withLock { $0.now }
    }

    /// How many tasks are waiting on the clock.
    package var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    package func sleep(until deadline: Double) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wakeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    if Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves time to `time` and wakes every sleeper whose deadline has come.
    package func advance(to time: Double) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, time)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for key in due.keys { state.sleepers.removeValue(forKey: key) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    package func advance(by seconds: Double) {
        advance(to: now() + seconds)
    }
}
