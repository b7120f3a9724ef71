import Glibc
import Synchronization

/// A listening TCP socket that hands out connections to async code.
///
/// No accept waits on a thread: while an `accept` waits, the listener is served by the process's
/// `SocketPoller`, which accepts when the socket is readable and hands the connection to the
/// oldest waiting `accept`. Cancelling the waiting task (or closing the listener) ends the wait
/// at once, while the listener stays usable for the next `accept`.
package final class TCPListener: PolledSocket {
    /// The address actually bound, with the port the kernel chose when asked for port 0.
    package let localEndpoint: TCPEndpoint

    private let fd: Int32
    private let state = Mutex(State())

    private typealias Waiter = CheckedContinuation<(Int32, TCPEndpoint), any Error>

    private struct State {
        var closed = false
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        /// The poller's token while it serves the listener (only while an `accept` waits, so
        /// that an idle listener is not held alive by the poller).
        var served: PollerToken?
    }

    /// Binds and listens on `host:port`; port 0 asks the kernel for a free port.
    package init(host: String = "127.0.0.1", port: UInt16 = 0, backlog: Int32 = 8) throws(SocketError) {
        _ = SocketOptions.ignoreBrokenPipe
        let endpoint = TCPEndpoint(host: host, port: port)
        let operation = "listen on \(endpoint)"
        guard let address = try SocketAddress.resolve(endpoint, passive: true, operation: operation).first else {
            throw SocketError(operation: operation, detail: "no address")
        }
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .lastError(operation) }
        do throws(SocketError) {
            SocketOptions.setCloseOnExec(fd)
            try SocketOptions.setReuseAddress(fd, operation: operation)
            try SocketOptions.setNonBlocking(fd, operation: operation)
            guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw SocketError.lastError(operation) }
            guard listen(fd, backlog) == 0 else { throw SocketError.lastError(operation) }
            var bound = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &bound) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw SocketError.lastError(operation) }
            localEndpoint = SocketAddress.endpoint(of: bound)
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
    }

    deinit {
        Glibc.close(fd)
    }

    /// The port actually bound.
    package var port: UInt16 { localEndpoint.port }

    /// Whether `close()` was called: accepting has ended for good.
    package var isClosed: Bool { state.withLock { $0.closed } }

    /// How many `accept()` calls are waiting for a connection (what cancel and close must wake).
    var waitingAccepts: Int { state.withLock { $0.waiters.count } }

    package var descriptor: Int32 { fd }

    /// Waits for the next connection. Throws `CancellationError` when the calling task is
    /// cancelled, and `SocketError` once the listener is closed.
    package func accept(options: TCPConnectionOptions) async throws -> TCPConnection {
        let poller = try SocketPoller.shared()
        let key = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let (client, remote) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                enum Admission {
                    case refused(any Error)
                    case waiting(serveAs: PollerToken?)
                }
                let admission = state.withLock { state -> Admission in
                    if state.closed { return .refused(closedError) }
                    // Checked under the lock that the cancellation handler takes too, so a cancel
                    // either sees this waiter or is seen here.
                    if Task.isCancelled { return .refused(CancellationError()) }
                    state.waiters[key] = continuation
                    guard state.served == nil else { return .waiting(serveAs: nil) }
                    let token = poller.reserve()
                    state.served = token
                    return .waiting(serveAs: token)
                }
                switch admission {
                case .refused(let error): continuation.resume(throwing: error)
                case .waiting(let token): if let token { poller.add(self, as: token) }
                }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: key) }?.resume(throwing: CancellationError())
        }
        return try TCPConnection(adopting: client, remote: remote, options: options)
    }

    /// Stops accepting: waiting and later `accept` calls throw. Idempotent.
    package func close() {
        let (waiters, token) = state.withLock { state in
            state.closed = true
            defer { state.waiters = [:] }
            return (Array(state.waiters.values), state.served)
        }
        _ = shutdown(fd, Int32(SHUT_RDWR))
        waiters.forEach { $0.resume(throwing: closedError) }
        if let token { (try? SocketPoller.shared())?.kick(token) }
    }

    private var closedError: SocketError {
        SocketError(operation: "accept on \(localEndpoint)", detail: "listener closed")
    }

    /// Accepts while connections are queued and `accept` calls wait for them; lets the poller go
    /// once none waits.
    package func service(_ event: PollEvent) -> PollRequest {
        while true {
            let waiting = state.withLock { state -> Bool in
                if state.waiters.isEmpty || state.closed {
                    state.served = nil
                    return false
                }
                return true
            }
            guard waiting else { return .finished }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(fd, $0, &length) }
            }
            let outcome: Result<(Int32, TCPEndpoint), any Error>
            if client >= 0 {
                outcome = .success((client, SocketAddress.endpoint(of: address)))
            } else {
                let code = errno
                if [EINTR, ECONNABORTED, EPROTO].contains(code) { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .wait(read: true, write: false, until: nil) }
                outcome = .failure(SocketError.system(code, "accept on \(localEndpoint)"))
            }
            let waiter = state.withLock { state in state.waiters.keys.min().flatMap { state.waiters.removeValue(forKey: $0) } }
            guard let waiter else {
                // The waiter was cancelled meanwhile: the connection is nobody's.
                if case .success((let fd, _)) = outcome { Glibc.close(fd) }
                continue
            }
            waiter.resume(with: outcome)
            if case .failure = outcome {
                // The system refuses for now (no descriptor left): the waiter's caller decides when
                // to try again (its next `accept` serves the listener again), rather than the
                // poller spinning on a socket that stays readable.
                state.withLock { $0.served = nil }
                return .finished
            }
        }
    }

    /// The descriptor stays open until the listener goes: `close()` only stops accepting.
    package func detached() {}
}
