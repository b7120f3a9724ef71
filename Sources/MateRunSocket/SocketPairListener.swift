import Glibc
import Synchronization

/// A listener without a port: `connect` makes a local socket pair (`SocketPair`), returns one end
/// and queues the other for `accept`, as the kernel queues a dialled connection for a listening
/// socket.
///
/// It exists for a relay that carries a server's connections from elsewhere (through NATS) into
/// the process: the server accepts them exactly as it would from the network, with its own
/// options, deadlines and limits, while nothing in the process listens on any address.
package final class SocketPairListener: ConnectionSource {
    /// One end waiting to be accepted, owned by the listener until then.
    private struct QueuedEnd {
        let fd: Int32
        let remote: TCPEndpoint
    }

    private struct State {
        var closed = false
        var queued: [QueuedEnd] = []
        var waiters: [Int: CheckedContinuation<QueuedEnd, any Error>] = [:]
        var nextWaiter = 0
    }

    private let backlog: Int
    private let state = Mutex(State())

    /// A listener that holds at most `backlog` connections nobody has accepted yet; `connect`
    /// is refused beyond that, as a full listen queue refuses a dial.
    package init(backlog: Int) {
        _ = SocketOptions.ignoreBrokenPipe
        self.backlog = backlog
    }

    deinit {
        state.withLock { $0.queued.forEach { Glibc.close($0.fd) } }
    }

    package var isClosed: Bool { state.withLock { $0.closed } }

    /// Connects to the listener: returns the caller's end, with `options`, and hands the other end
    /// to the next `accept`. `remote` is the peer as the accepting server will name it.
    package func connect(from remote: TCPEndpoint, options: TCPConnectionOptions) throws(SocketError) -> TCPConnection {
        let (connection, theirs) = try TCPConnection.pairEnd(remote: remote, options: options)
        let end = QueuedEnd(fd: theirs, remote: remote)
        enum Handover {
            case waiter(CheckedContinuation<QueuedEnd, any Error>)
            case queued
            case refused(String)
        }
        let handover = state.withLock { state -> Handover in
            guard !state.closed else { return .refused("listener closed") }
            if let key = state.waiters.keys.min(), let waiter = state.waiters.removeValue(forKey: key) {
                return .waiter(waiter)
            }
            guard state.queued.count < backlog else { return .refused("\(backlog) connections already wait to be accepted") }
            state.queued.append(end)
            return .queued
        }
        switch handover {
        case .waiter(let waiter):
            waiter.resume(returning: end)
        case .queued:
            break
        case .refused(let reason):
            Glibc.close(theirs)
            connection.abort()
            throw SocketError(operation: "connect a local pair for \(remote)", detail: reason, code: ECONNREFUSED)
        }
        return connection
    }

    package func accept(options: TCPConnectionOptions) async throws -> TCPConnection {
        let key = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let end = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<QueuedEnd, any Error>) in
                let ready = state.withLock { state -> Result<QueuedEnd, any Error>? in
                    if state.closed { return .failure(closedError) }
                    // Checked under the lock that the cancellation handler takes too, so a cancel
                    // either sees this waiter or is seen here.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if !state.queued.isEmpty { return .success(state.queued.removeFirst()) }
                    state.waiters[key] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: key) }?.resume(throwing: CancellationError())
        }
        return try TCPConnection(adopting: end.fd, remote: end.remote, options: options, overTCP: false)
    }

    package func close() {
        let (queued, waiters) = state.withLock { state in
            state.closed = true
            defer {
                state.queued = []
                state.waiters = [:]
            }
            return (state.queued, Array(state.waiters.values))
        }
        queued.forEach { Glibc.close($0.fd) }
        waiters.forEach { $0.resume(throwing: closedError) }
    }

    private var closedError: SocketError {
        SocketError(operation: "accept on a local pair listener", detail: "listener closed")
    }
}
