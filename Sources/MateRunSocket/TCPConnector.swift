import Glibc

/// The blocking half of `TCPConnection.connect`: resolve, then a non-blocking connect bounded by
/// `poll`, address by address. Runs on its own thread, never on the concurrency pool.
enum TCPConnector {
    static func connect(to endpoint: TCPEndpoint, timeout: Duration, cancel: WakePipe) throws -> Int32 {
        let operation = "connect to \(endpoint)"
        let deadline = ContinuousClock.now + timeout
        var lastError = SocketError(operation: operation, detail: "no address")
        for address in try SocketAddress.resolve(endpoint, passive: false, operation: operation) {
            do {
                return try attempt(address, operation: operation, deadline: deadline, cancel: cancel)
            } catch let error as SocketError {
                lastError = error
            }
        }
        throw lastError
    }

    private static func attempt(
        _ address: SocketAddress, operation: String, deadline: ContinuousClock.Instant, cancel: WakePipe
    ) throws -> Int32 {
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError.lastError(operation) }
        var connected = false
        defer {
            if !connected {
                Glibc.close(fd)
            }
        }
        SocketOptions.setCloseOnExec(fd)
        try SocketOptions.setNonBlocking(fd, operation: operation)
        let status = address.withSockaddr { Glibc.connect(fd, $0, $1) }
        if status != 0 {
            guard errno == EINPROGRESS else { throw SocketError.lastError(operation) }
            try waitUntilConnected(fd, operation: operation, deadline: deadline, cancel: cancel)
        }
        connected = true
        return fd
    }

    private static func waitUntilConnected(
        _ fd: Int32, operation: String, deadline: ContinuousClock.Instant, cancel: WakePipe
    ) throws {
        while true {
            var polled = [
                pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: cancel.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&polled, nfds_t(polled.count), SocketOptions.pollMilliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                throw SocketError.lastError(operation)
            }
            if polled[1].revents != 0 { throw CancellationError() }
            if ready == 0 { throw SocketError.system(ETIMEDOUT, operation) }
            let code = SocketOptions.pendingError(fd)
            guard code == 0 else { throw SocketError.system(code, operation) }
            return
        }
    }
}
