import Foundation
import Glibc
import Synchronization

/// A listening TCP socket that hands out connections to async code.
///
/// Each `accept` waits on a dedicated thread, never on the concurrency pool, and watches a wake
/// pipe besides the socket, so that cancelling the waiting task (or closing the listener) ends
/// the wait at once while the listener stays usable for the next `accept`.
package final class TCPListener: Sendable {
    /// The address actually bound, with the port the kernel chose when asked for port 0.
    package let localEndpoint: TCPEndpoint

    private let fd: Int32
    private let waiters = Mutex(Waiters())

    private struct Waiters {
        var closed = false
        var wakes: [ObjectIdentifier: WakePipe] = [:]
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
    package var isClosed: Bool { waiters.withLock { $0.closed } }

    /// How many `accept()` calls are waiting for a connection (what cancel and close must wake).
    var waitingAccepts: Int { waiters.withLock { $0.wakes.count } }

    /// Waits for the next connection. Throws `CancellationError` when the calling task is
    /// cancelled, and `SocketError` once the listener is closed.
    package func accept(options: TCPConnectionOptions) async throws -> TCPConnection {
        let wake = try WakePipe()
        let key = ObjectIdentifier(wake)
        let registered = waiters.withLock { waiters -> Bool in
            guard !waiters.closed else { return false }
            waiters.wakes[key] = wake
            return true
        }
        guard registered else { throw closedError }
        defer { _ = waiters.withLock { $0.wakes.removeValue(forKey: key) } }
        let (client, remote) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, TCPEndpoint), any Error>) in
                let thread = Thread { [self] in
                    continuation.resume(with: Result { () throws(any Error) -> (Int32, TCPEndpoint) in
                        try waitForClient(wake: wake)
                    })
                }
                thread.name = "materun.accept \(localEndpoint)"
                thread.start()
            }
        } onCancel: {
            wake.signal()
        }
        return try TCPConnection(adopting: client, remote: remote, options: options)
    }

    /// Stops accepting: waiting and later `accept` calls throw. Idempotent.
    package func close() {
        let wakes = waiters.withLock { waiters in
            waiters.closed = true
            return Array(waiters.wakes.values)
        }
        _ = shutdown(fd, Int32(SHUT_RDWR))
        wakes.forEach { $0.signal() }
    }

    private var closedError: SocketError {
        SocketError(operation: "accept on \(localEndpoint)", detail: "listener closed")
    }

    /// Blocks (on the calling thread) until a client connects or `wake` fires.
    private func waitForClient(wake: WakePipe) throws -> (Int32, TCPEndpoint) {
        while true {
            var polled = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                throw SocketError.lastError("accept on \(localEndpoint)")
            }
            if waiters.withLock({ $0.closed }) { throw closedError }
            if polled[1].revents != 0 { throw CancellationError() }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(fd, $0, &length) }
            }
            if client >= 0 {
                return (client, SocketAddress.endpoint(of: address))
            }
            let code = errno
            if [EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO].contains(code) { continue }
            throw SocketError.system(code, "accept on \(localEndpoint)")
        }
    }
}
