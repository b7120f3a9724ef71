import Glibc

/// The part of a connection shared between callers of `send` and its I/O thread, kept under
/// one lock: bytes waiting to be written, the close request, and how the connection ended.
struct TCPConnectionState {
    /// A send the socket could not take entirely at once.
    struct PendingWrite {
        var bytes: [UInt8]
        var offset: Int
        /// The waiting `send`, nil for an `enqueue` that nobody waits for.
        let continuation: CheckedContinuation<Void, any Error>?
    }

    enum SendOutcome {
        case sent
        case queued
        case failed(any Error)
    }

    var idleTimeout: Duration
    var rateLimit: TCPRateLimit?
    /// When the connection must be over, unless lifted; nil for no deadline.
    var deadline: ContinuousClock.Instant?
    var closeRequested = false
    /// Close without lingering: the peer is not owed its last bytes (a stranger dropped for room).
    var abortRequested = false
    /// Set once the connection is over; every later send fails with it.
    var ended: (any Error)?
    var outbox: [PendingWrite] = []
    /// When the oldest queued write was queued: a peer that reads nothing for the idle timeout
    /// is dropped.
    var stalledSince: ContinuousClock.Instant?

    init(idleTimeout: Duration, rateLimit: TCPRateLimit?, deadline: ContinuousClock.Instant?) {
        self.idleTimeout = idleTimeout
        self.rateLimit = rateLimit
        self.deadline = deadline
    }

    /// Writes `bytes` at once when nothing is queued ahead of them, and queues what is left.
    /// The system call runs under the lock, so the I/O thread cannot close `fd` meanwhile.
    mutating func sendOrQueue(
        _ bytes: [UInt8], on fd: Int32, remote: TCPEndpoint, continuation: CheckedContinuation<Void, any Error>?
    ) -> SendOutcome {
        if let ended { return .failed(ended) }
        if closeRequested {
            return .failed(SocketError(operation: "send to \(remote)", detail: "connection closed"))
        }
        var offset = 0
        if outbox.isEmpty {
            switch Self.write(bytes, from: 0, to: fd) {
            case .success(let written) where written == bytes.count:
                return .sent
            case .success(let written):
                offset = written
            case .failure(let code):
                let error = TCPConnectionClosed(cause: .socket(.system(code.code, "send to \(remote)")), remote: remote)
                return .failed(error)
            }
        }
        outbox.append(PendingWrite(bytes: bytes, offset: offset, continuation: continuation))
        if stalledSince == nil {
            stalledSince = .now
        }
        return .queued
    }

    /// Writes as much of the outbox as the socket takes now. Returns the sends that completed,
    /// to resume outside the lock, or the `errno` that broke the socket.
    mutating func flush(to fd: Int32) -> Result<[CheckedContinuation<Void, any Error>], SocketErrno> {
        var completed: [CheckedContinuation<Void, any Error>] = []
        while var first = outbox.first {
            switch Self.write(first.bytes, from: first.offset, to: fd) {
            case .failure(let code):
                return .failure(code)
            case .success(let written) where written == first.bytes.count:
                if let continuation = first.continuation {
                    completed.append(continuation)
                }
                outbox.removeFirst()
                stalledSince = outbox.isEmpty ? nil : .now
            case .success(let written):
                first.offset = written
                outbox[0] = first
                return .success(completed)
            }
        }
        return .success(completed)
    }

    /// Marks the connection over and hands back the sends still waiting, to fail them.
    mutating func end(with error: any Error) -> [PendingWrite] {
        if ended == nil {
            ended = error
        }
        let pending = outbox
        outbox.removeAll()
        stalledSince = nil
        return pending
    }

    /// Writes from `offset` until done or the socket is full; the new offset, or the errno.
    private static func write(_ bytes: [UInt8], from offset: Int, to fd: Int32) -> Result<Int, SocketErrno> {
        var offset = offset
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .success(offset) }
            return .failure(SocketErrno(code))
        }
        return .success(offset)
    }
}

/// An `errno` value as an `Error`, so that it fits in a `Result`.
struct SocketErrno: Error {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }
}
