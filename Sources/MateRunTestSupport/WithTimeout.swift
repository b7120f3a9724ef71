import Synchronization

/// An awaited operation did not finish within its bound.
package struct TimedOut: Error, CustomStringConvertible {
    package let seconds: Double
    package var description: String { "timed out after \(seconds) s" }

    package init(seconds: Double) {
        self.seconds = seconds
    }
}

/// Runs `operation`, throwing `TimedOut` if it takes longer than `seconds` of real time: a guard
/// so that a broken test (a socket that never answers, a run that never ends) fails instead of
/// hanging, never a way to wait for something. The bound is generous, because a loaded machine
/// is slow, not broken.
///
/// The bound holds even for an operation that ignores cancellation: the caller is answered when
/// time runs out, and the operation is cancelled and left to end on its own.
package func withTimeout<Value: Sendable>(
    _ seconds: Double = 120, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let outcome = FirstOutcome<Value>()
    let work = Task {
        do {
            outcome.settle(.success(try await operation()))
        } catch {
            outcome.settle(.failure(error))
        }
    }
    let timer = Task {
        try? await Task.sleep(for: .seconds(seconds))
        outcome.settle(.failure(TimedOut(seconds: seconds)))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        outcome.settle(.failure(CancellationError()))
    }
}

/// The first of several racing results, handed to one waiter: whichever settles first wins,
/// the others are ignored.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, any Error>)
        case settled(Result<Value, any Error>)
        case delivered
    }

    private let state = Mutex(State.pending)

    func settle(_ result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state {
            case .pending:
                state = .settled(result)
                return nil
            case .waiting(let continuation):
                state = .delivered
                return continuation
            case .settled, .delivered:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                if case .settled(let result) = state {
                    state = .delivered
                    return result
                }
                state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
