import Glibc

/// What only the poller's thread touches of a connection.
struct TCPConnectionReading {
    var decoder: FrameDecoder
    /// Bytes a prelude read before the connection started, delivered at the first service.
    var alreadyRead: [UInt8]
    /// A TLS session that must send before it can read waits for the socket to be writable.
    var needsWritable = false
}

/// The connection as the poller serves it: the only place that reads the socket, finishes
/// `frames`, and closes the file descriptor. Each service does what the socket and the clock
/// allow now, then says what to wait for.
extension TCPConnection {
    /// Reads at most this many times in one service, so that one busy peer cannot hold the
    /// poller from every other socket.
    private static let readsPerService = 4

    package func service(_ event: PollEvent) -> PollRequest {
        reading.withLock { reading in serve(event, &reading) }
    }

    package func detached() {
        state.withLock { _ in stream.close() }
    }

    private func serve(_ event: PollEvent, _ reading: inout TCPConnectionReading) -> PollRequest {
        let now = event.now - startedAt
        if !reading.alreadyRead.isEmpty {
            let bytes = reading.alreadyRead
            reading.alreadyRead = []
            deliver(bytes[...], decoder: &reading.decoder, at: now)
        }
        let (closeRequested, abortRequested) = state.withLock { ($0.closeRequested, $0.abortRequested) }
        if abortRequested {
            beginClosing(error: localClose, at: now, linger: false)
            return .finished
        }
        if closeRequested {
            beginClosing(error: localClose, at: now, linger: true)
        }
        if phase == .open, !flow.acceptsMore {
            state.withLock { $0.machine.readerBehind(at: now) }
        }
        if let cause = state.withLock({ $0.machine.tick(at: now) }) {
            fail(cause, at: now)
        }
        if phase == .open, event.readiness.contains(.writable), state.withLock({ !$0.outbox.isEmpty }) {
            switch state.withLock({ $0.flush(to: stream, at: now) }) {
            case .success(let completed):
                completed.forEach { $0.resume() }
            case .failure(let failure):
                fail(.socket(failure.socketError("send to \(remote)")), at: now, linger: false)
            }
        }
        var readable = event.readiness.contains(.readable) || (reading.needsWritable && event.readiness.contains(.writable))
        for _ in 0..<Self.readsPerService {
            let wantsInput = phase != .closed && (phase != .open || flow.acceptsMore)
            // Bytes the stream already holds (a decrypted TLS record) are read without waiting.
            guard wantsInput, readable || state.withLock({ _ in stream.hasBufferedInput }) else { break }
            readable = false
            reading.needsWritable = false
            read(event.scratch, &reading, at: event.now - startedAt)
        }
        _ = state.withLock { $0.machine.tick(at: now) }
        if phase == .closed {
            return .finished
        }
        let wantsInput = phase != .open || flow.acceptsMore
        let buffered = wantsInput && state.withLock { _ in stream.hasBufferedInput }
        let writing = phase == .open && state.withLock { !$0.outbox.isEmpty }
        let wake = state.withLock { $0.machine.nextWake }.map { startedAt + $0 }
        return .wait(
            read: wantsInput, write: writing || (wantsInput && reading.needsWritable),
            until: buffered ? event.now : wake)
    }

    private var phase: TCPConnectionMachine.Phase { state.withLock { $0.machine.phase } }

    private var localClose: SocketError {
        SocketError(operation: "use of connection to \(remote)", detail: "closed locally")
    }

    /// One read of the socket, and what it means for the connection.
    private func read(_ scratch: UnsafeMutableRawBufferPointer, _ reading: inout TCPConnectionReading, at now: Duration) {
        let received = state.withLock { _ in stream.read(into: scratch) }
        let open = phase == .open
        switch received {
        case .bytes(0):
            if open {
                fail(.peerClosed(pendingBytes: reading.decoder.bufferedByteCount), at: now, linger: false)
            } else {
                state.withLock { $0.machine.close(at: now, linger: false) }
            }
        case .bytes(let count):
            guard open else { return }
            deliver(UnsafeRawBufferPointer(rebasing: scratch[0..<count]), decoder: &reading.decoder, at: now)
        case .wouldBlock(let needsWritable):
            reading.needsWritable = needsWritable
        case .failed(let detail, let code):
            if open {
                fail(.socket(SocketError(operation: "recv from \(remote)", detail: detail, code: code)), at: now, linger: false)
            } else {
                state.withLock { $0.machine.close(at: now, linger: false) }
            }
        }
    }

    /// Hands received bytes to `frames`: as they are (`chunks`), or cut into lines; fails the
    /// connection for bytes that break the framing or the rate limit.
    private func deliver(_ bytes: some Collection<UInt8>, decoder: inout FrameDecoder, at now: Duration) {
        if framing == .chunks {
            state.withLock { $0.machine.heard(at: now) }
            continuation.yield(Array(bytes))
            return
        }
        do {
            let frames = try decoder.append(bytes)
            if let cause = state.withLock({ $0.machine.received(bytes: bytes.count, frames: frames.count, at: now) }) {
                fail(cause, at: now)
                return
            }
            flow.handedOut(frames.count)
            frames.forEach { continuation.yield($0) }
        } catch {
            fail(.badFrame(error), at: now)
        }
    }

    /// Ends the connection for `cause`: sends the farewell frame if the peer can still take one,
    /// finishes `frames` with the error, and closes, lingering unless the peer is gone.
    private func fail(_ cause: TCPConnectionClosed.Cause, at now: Duration, linger: Bool = true) {
        let closed = TCPConnectionClosed(cause: cause, remote: remote)
        if linger, let farewell = farewell(closed) {
            state.withLock { state in
                guard state.outbox.isEmpty else { return }
                _ = farewell.withUnsafeBytes { stream.write($0) }
            }
        }
        beginClosing(error: closed, at: now, linger: linger)
    }

    /// Fails waiting sends, finishes `frames` (quietly for a local close), and half-closes the
    /// socket so that the peer reads everything sent so far and then EOF. Once only: a later call
    /// can only cut the linger short.
    private func beginClosing(error: any Error, at now: Duration, linger: Bool) {
        let (first, pending) = state.withLock { state in
            let first = state.machine.phase == .open
            state.machine.close(at: now, linger: linger)
            return (first, first ? state.end(with: error) : [])
        }
        guard first else { return }
        pending.forEach { $0.continuation?.resume(throwing: error) }
        if error is TCPConnectionClosed {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        state.withLock { _ in stream.shutdownWrite() }
    }
}
