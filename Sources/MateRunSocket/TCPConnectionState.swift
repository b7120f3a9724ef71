/// The part of a connection shared between callers of `send` and the poller, kept under one
/// lock: bytes waiting to be written, the close request, how the connection ended, and the
/// rules of its time (`TCPConnectionMachine`, which a queued write starts a stall in).
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

    var machine: TCPConnectionMachine
    var closeRequested = false
    /// Close without lingering: the peer is not owed its last bytes (a stranger dropped for room).
    var abortRequested = false
    /// Set once the connection is over; every later send fails with it.
    var ended: (any Error)?
    var outbox: [PendingWrite] = []

    init(machine: TCPConnectionMachine) {
        self.machine = machine
    }

    /// Writes `bytes` at once when nothing is queued ahead of them, and queues what is left.
    /// The system call runs under the lock, so the poller cannot close `fd` meanwhile. `now` is
    /// the time since the connection started (a queued write starts a stall).
    mutating func sendOrQueue(
        _ bytes: [UInt8], on stream: any ByteStream, remote: TCPEndpoint, continuation: CheckedContinuation<Void, any Error>?,
        now: @autoclosure () -> Duration
    ) -> SendOutcome {
        if let ended { return .failed(ended) }
        if closeRequested {
            return .failed(SocketError(operation: "send to \(remote)", detail: "connection closed"))
        }
        var offset = 0
        if outbox.isEmpty {
            switch Self.write(bytes, from: 0, to: stream) {
            case .success(let written) where written == bytes.count:
                return .sent
            case .success(let written):
                offset = written
            case .failure(let failure):
                let error = TCPConnectionClosed(cause: .socket(failure.socketError("send to \(remote)")), remote: remote)
                return .failed(error)
            }
        }
        outbox.append(PendingWrite(bytes: bytes, offset: offset, continuation: continuation))
        machine.queued(at: now())
        return .queued
    }

    /// Writes as much of the outbox as the socket takes now. Returns the sends that completed,
    /// to resume outside the lock, or what broke the stream.
    mutating func flush(to stream: any ByteStream, at now: Duration) -> Result<[CheckedContinuation<Void, any Error>], ByteStreamFailure> {
        var completed: [CheckedContinuation<Void, any Error>] = []
        while var first = outbox.first {
            switch Self.write(first.bytes, from: first.offset, to: stream) {
            case .failure(let code):
                return .failure(code)
            case .success(let written) where written == first.bytes.count:
                if let continuation = first.continuation {
                    completed.append(continuation)
                }
                outbox.removeFirst()
                machine.wrote(more: !outbox.isEmpty, at: now)
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
        return pending
    }

    /// Writes from `offset` until done or the stream is full; the new offset, or the failure.
    private static func write(_ bytes: [UInt8], from offset: Int, to stream: any ByteStream) -> Result<Int, ByteStreamFailure> {
        var offset = offset
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                stream.write(UnsafeRawBufferPointer(rebasing: raw[offset...]))
            }
            switch result {
            // A stream that took nothing and did not say it would block would be written to for ever.
            case .bytes(0): return .failure(ByteStreamFailure(detail: "the stream took no bytes", code: nil))
            case .bytes(let written): offset += written
            case .wouldBlock: return .success(offset)
            case .failed(let detail, let code): return .failure(ByteStreamFailure(detail: detail, code: code))
            }
        }
        return .success(offset)
    }
}

/// A stream's failure as an `Error`, so that it fits in a `Result`.
struct ByteStreamFailure: Error {
    let detail: String
    let code: Int32?

    /// The failure as the socket error of `operation` (e.g. "send to 127.0.0.1:4222").
    func socketError(_ operation: String) -> SocketError {
        SocketError(operation: operation, detail: detail, code: code)
    }
}
