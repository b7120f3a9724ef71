import Foundation
import Glibc
import Synchronization

/// One TCP connection carrying newline-delimited frames, safe to use from async code. (Or one end
/// of a local socket pair, `pair(remote:options:otherOptions:)`, which behaves the same.)
///
/// No I/O waits on the Swift concurrency pool, and no connection has a thread of its own: the
/// process's one `SocketPoller` reads the socket when it is ready, splits frames (handing them
/// out through `frames`), writes whatever a send could not write at once, and holds the
/// connection to its rules of time (`TCPConnectionMachine`). `send` writes directly when the
/// socket can take the bytes, which is almost always, so a frame costs one system call on the
/// caller's thread.
package final class TCPConnection: PolledSocket {
    /// The peer's address, for messages and for throttling by host.
    package let remote: TCPEndpoint
    /// Complete frames from the peer, without their newlines. A single consumer. Ends by throwing
    /// `TCPConnectionClosed`, or quietly after `close()`. A reader that falls behind holds the
    /// peer back instead of buffering without bound (`TCPFrames`).
    package let frames: TCPFrames
    /// When the connection was made or accepted.
    package let startedAt: ContinuousClock.Instant

    /// What reads and writes the socket (plain, or a TLS session); used only under `state`'s lock.
    let stream: any ByteStream
    /// The socket, for a test that cuts it under the connection.
    var fd: Int32 { stream.descriptor }
    package var descriptor: Int32 { stream.descriptor }
    let poller: SocketPoller
    let token: PollerToken
    let framing: TCPFraming
    /// The last frame to send when the connection fails for the peer's fault (a bad frame, a
    /// timeout), so the peer learns why; nil to send nothing.
    let farewell: TCPFarewell
    let state: Mutex<TCPConnectionState>
    /// What only the poller's thread touches: the frame decoder, and what a TLS read waits for.
    let reading: Mutex<TCPConnectionReading>
    let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation
    let flow: TCPFrameFlow

    /// Takes over a connected socket and hands it to the poller; `overTCP` is false for a local
    /// socket, which has no Nagle delay to turn off.
    convenience init(adopting fd: Int32, remote: TCPEndpoint, options: TCPConnectionOptions, overTCP: Bool = true) throws(SocketError) {
        try self.init(adopting: PlainByteStream(descriptor: fd), remote: remote, options: options, overTCP: overTCP)
    }

    /// Takes over a connected socket read and written through `stream`, with the bytes a
    /// prelude already read from it.
    init(
        adopting stream: any ByteStream, remote: TCPEndpoint, options: TCPConnectionOptions, overTCP: Bool = true,
        alreadyRead: [UInt8] = []
    ) throws(SocketError) {
        _ = SocketOptions.ignoreBrokenPipe
        let fd = stream.descriptor
        let poller: SocketPoller
        do {
            try SocketOptions.setNonBlocking(fd, operation: "configure connection to \(remote)")
            if overTCP {
                try SocketOptions.setNoDelay(fd, operation: "configure connection to \(remote)")
            }
            poller = try SocketPoller.shared()
        } catch {
            stream.close()
            throw error
        }
        self.poller = poller
        SocketOptions.setCloseOnExec(fd)
        self.stream = stream
        self.reading = Mutex(TCPConnectionReading(decoder: FrameDecoder(maxFrameBytes: options.maxFrameBytes), alreadyRead: alreadyRead))
        self.remote = remote
        self.framing = options.framing
        self.farewell = options.farewell
        let startedAt = ContinuousClock.now
        self.startedAt = startedAt
        self.state = Mutex(TCPConnectionState(machine: TCPConnectionMachine(
            idleTimeout: options.idleTimeout, rateLimit: options.rateLimit, deadline: options.deadline)))
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        self.continuation = continuation
        let token = poller.reserve()
        self.token = token
        flow = TCPFrameFlow(limit: options.pendingFrameLimit, wake: { poller.kick(token) })
        frames = TCPFrames(stream: stream, flow: flow)
        continuation.onTermination = { [weak self] _ in self?.close() }
        poller.add(self, as: token)
    }

    /// The time since the connection started, as its rules count it.
    var elapsed: Duration { ContinuousClock.now - startedAt }

    /// Connects to `endpoint`, trying each address it resolves to, giving up after `timeout`.
    /// Cancelling the calling task abandons the attempt at once. A `prelude` runs on the
    /// connected socket before anything else, within the same `timeout` (a protocol's greeting
    /// read in the clear, then a TLS handshake): the stream it returns carries the connection.
    package static func connect(
        to endpoint: TCPEndpoint,
        timeout: Duration,
        options: TCPConnectionOptions,
        prelude: (@Sendable (BlockingSocket) throws -> ConnectionPreludeOutcome)? = nil
    ) async throws -> TCPConnection {
        let cancel = try WakePipe()
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ConnectionPreludeOutcome, any Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { () throws(any Error) -> ConnectionPreludeOutcome in
                        let deadline = ContinuousClock.now + timeout
                        let fd = try TCPConnector.connect(to: endpoint, timeout: timeout, cancel: cancel)
                        guard let prelude else { return ConnectionPreludeOutcome(stream: PlainByteStream(descriptor: fd), alreadyRead: []) }
                        _ = SocketOptions.ignoreBrokenPipe
                        do {
                            return try prelude(BlockingSocket(descriptor: fd, remote: endpoint, deadline: deadline, cancel: cancel))
                        } catch {
                            Glibc.close(fd)
                            throw error
                        }
                    })
                }
                thread.name = "materun.connect \(endpoint)"
                thread.start()
            }
        } onCancel: {
            cancel.signal()
        }
        return try TCPConnection(adopting: outcome.stream, remote: endpoint, options: options, alreadyRead: outcome.alreadyRead)
    }

    /// Sends all of `bytes`, in order with other sends. Returns once the kernel has them;
    /// throws `TCPConnectionClosed` (or `SocketError` after a local close) if it cannot.
    package func send(_ bytes: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = state.withLock { state in
                state.sendOrQueue(bytes, on: stream, remote: remote, continuation: continuation, now: elapsed)
            }
            switch outcome {
            case .sent: continuation.resume()
            case .failed(let error): continuation.resume(throwing: error)
            case .queued: poller.kick(token)
            }
        }
    }

    /// Sends all of `bytes` without waiting, in order with other sends and enqueues: written at
    /// once when the socket takes them, which is almost always, otherwise queued for the poller. For a caller that keeps its own order (an actor) and learns of failures from
    /// `frames`, which ends when the connection does: a failed or refused write is dropped here.
    package func enqueue(_ bytes: [UInt8]) {
        let outcome = state.withLock { state in state.sendOrQueue(bytes, on: stream, remote: remote, continuation: nil, now: elapsed) }
        if case .queued = outcome {
            poller.kick(token)
        }
    }

    /// Bytes accepted by `send` or `enqueue` that the socket has not taken yet: what a caller
    /// with its own bound on memory checks before queueing more for a slow peer.
    package var queuedByteCount: Int {
        state.withLock { state in state.outbox.reduce(0) { $0 + $1.bytes.count - $1.offset } }
    }

    /// Changes how long the connection may go without a complete frame from the peer before it
    /// is closed, counted from the last frame (e.g. short during a handshake, longer afterwards).
    package func setIdleTimeout(_ timeout: Duration) {
        state.withLock { $0.machine.idleTimeout = timeout }
        poller.kick(token)
    }

    /// Changes how much the peer may send per second (e.g. little before a handshake, more once
    /// paired); nil lifts the limit.
    package func setRateLimit(_ limit: TCPRateLimit?) {
        state.withLock { $0.machine.rateLimit = limit }
    }

    /// Lifts the deadline the connection started with (its handshake is done).
    package func clearDeadline() {
        state.withLock { $0.machine.deadline = nil }
        poller.kick(token)
    }

    /// Closes the connection: `frames` finishes quietly, queued sends fail, and the socket is
    /// shut down gracefully so that bytes already sent still reach the peer. Idempotent.
    package func close() {
        state.withLock { $0.closeRequested = true }
        poller.kick(token)
    }

    /// Closes the connection at once, without draining: its descriptors are free as soon as the
    /// poller serves it (for a peer owed nothing, e.g. a stranger dropped to make room).
    package func abort() {
        state.withLock {
            $0.closeRequested = true
            $0.abortRequested = true
        }
        poller.kick(token)
    }
}
