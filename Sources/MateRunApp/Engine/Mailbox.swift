import Synchronization

/// A queue between tasks whose `take` ignores cancellation.
///
/// Exists because an `AsyncStream` ends at once when its reader is cancelled, while a run with a
/// companion, when cancelled, still has work to see through: its cancelled summary must reach
/// the companion, which tells its mate or group (`RunEngine`). Any number of producers, one
/// consumer.
final class Mailbox<Element: Sendable>: Sendable {
    private struct State {
        var queue: [Element] = []
        var waiter: CheckedContinuation<Element?, Never>?
        var closed = false
    }

    private let state = Mutex(State())

    /// Adds `element`, or hands it straight to a waiting `take`. Ignored once closed.
    func post(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.closed else { return nil }
            guard let waiter = state.waiter else {
                state.queue.append(element)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: element)
    }

    /// No more elements: a waiting or later `take` returns nil once the queue is empty.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next element, waiting for it if needed; nil after `close` and an empty queue.
    func take() async -> Element? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Element?? in
                if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
