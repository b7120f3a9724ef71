import Glibc

/// A freshly connected socket, before the poller serves its connection, for a protocol that
/// must do something first (read a greeting, shake hands for TLS). Runs on the connecting
/// thread, never on the concurrency pool; every wait ends at the connection's deadline or when
/// the connecting task is cancelled.
package struct BlockingSocket: Sendable {
    /// The connected, non-blocking socket; the connection owns it.
    package let descriptor: Int32
    /// Who is at the other end, for messages.
    package let remote: TCPEndpoint
    let deadline: ContinuousClock.Instant
    let cancel: WakePipe

    /// The socket's bytes as they are, to hand back when nothing wraps them.
    package var plain: PlainByteStream { PlainByteStream(descriptor: descriptor) }

    /// Waits until the socket is readable (or writable, when `writable`); throws a
    /// `SocketError` at the deadline, `CancellationError` when the attempt is cancelled.
    package func wait(writable: Bool = false, for what: String) throws {
        while true {
            var polled = [
                pollfd(fd: descriptor, events: Int16(writable ? POLLOUT : POLLIN), revents: 0),
                pollfd(fd: cancel.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&polled, nfds_t(polled.count), SocketOptions.pollMilliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                throw SocketError.lastError("wait for \(what) from \(remote)")
            }
            if polled[1].revents != 0 { throw CancellationError() }
            if ready == 0 { throw SocketError(operation: "wait for \(what) from \(remote)", detail: "timed out", code: ETIMEDOUT) }
            return
        }
    }

    /// The bytes up to and including the first `delimiter` (and any that came with them),
    /// read as they arrive; throws when the peer ends first or sends more than `limit` bytes.
    package func read(through delimiter: [UInt8], limit: Int, for what: String) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.containsRun(delimiter) {
            guard received.count <= limit else {
                throw SocketError(operation: "read \(what) from \(remote)", detail: "more than \(limit) bytes without its end")
            }
            switch buffer.withUnsafeMutableBytes({ plain.read(into: $0) }) {
            case .bytes(0):
                throw SocketError(operation: "read \(what) from \(remote)", detail: "the peer closed the connection")
            case .bytes(let count):
                received += buffer[0..<count]
            case .wouldBlock:
                try wait(for: what)
            case .failed(let detail, let code):
                throw SocketError(operation: "read \(what) from \(remote)", detail: detail, code: code)
            }
        }
        return received
    }
}

/// What a connection's prelude (`TCPConnection.connect(…, prelude:)`) hands back: the stream
/// that carries the connection from now on, and the bytes it already read, which reach the
/// connection's `frames` first.
package struct ConnectionPreludeOutcome: Sendable {
    package var stream: any ByteStream
    package var alreadyRead: [UInt8]

    package init(stream: any ByteStream, alreadyRead: [UInt8]) {
        self.stream = stream
        self.alreadyRead = alreadyRead
    }
}

extension Array where Element == UInt8 {
    fileprivate func containsRun(_ delimiter: [UInt8]) -> Bool {
        guard count >= delimiter.count else { return false }
        return indices.dropLast(delimiter.count - 1).contains { self[$0..<($0 + delimiter.count)].elementsEqual(delimiter) }
    }
}
