import Synchronization

/// One caller waiting for an answer from the server (a PONG, a reply), answered at most once:
/// by the answer, by a timeout, by cancellation or by the client closing, whichever comes first.
final class NATSWaiter<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, any Error>)
        case settled(Result<Value, any Error>)
        case delivered
    }

    private let state = Mutex(State.pending)

    func resume(returning value: Value) {
        settle(.success(value))
    }

    func resume(throwing error: any Error) {
        settle(.failure(error))
    }

    private func settle(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
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
        waiting?.resume(with: result)
    }

    fileprivate func attach(_ continuation: CheckedContinuation<Value, any Error>) {
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

/// Bounds a wait for the server: `register` hands the waiter to whoever answers it.
enum NATSDeadline {
    static func run<Value: Sendable>(
        _ timeout: Duration, what: String, register: (NATSWaiter<Value>) -> Void
    ) async throws -> Value {
        let waiter = NATSWaiter<Value>()
        let timer = Task {
            try? await Task.sleep(for: timeout)
            waiter.resume(throwing: NATSError.timedOut(what))
        }
        defer { timer.cancel() }
        register(waiter)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in waiter.attach(continuation) }
        } onCancel: {
            waiter.resume(throwing: CancellationError())
        }
    }
}
