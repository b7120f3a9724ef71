import Glibc

/// What only the poller's thread touches of a connection.
struct TCPConnectionReading {
    var decoder: FrameDecoder
    /// Bytes a prelude read before the connection started, delivered at the first service.
    var alreadyRead: [UInt8]
    /// A TLS session that must send before it can read waits for the socket to be writable.
    var needsWritable = false
}

/// What a service hands to the connection's users, done after everything else, just before the
/// poller goes back to waiting: a woken reader or sender then finds the poller out of its way
/// (and out of the connection's lock).
struct TCPConnectionHandoff {
    var frames: [[UInt8]] = []
    var sent: [CheckedContinuation<Void, any Error>] = []
    var failedSends: [(CheckedContinuation<Void, any Error>, any Error)] = []
    /// How `frames` ends, if it does: with the error, or quietly (nil inside) after a local close.
    var ending: (any Error)??
}

/// The connection as the poller serves it: the only place that reads the socket, finishes
/// `frames`, and closes the file descriptor. Each service does what the socket and the clock
/// allow now, then says what to wait for.
extension TCPConnection {
    /// Reads at most this many times in one service, so that one busy peer cannot hold the
    /// poller from every other socket.
    private static let readsPerService = 4

    package func service(_ event: PollEvent) -> PollRequest {
        var handoff = TCPConnectionHandoff()
        let request = reading.withLock { reading in serve(event, &reading, &handoff) }
        handoff.sent.forEach { $0.resume() }
        handoff.failedSends.forEach { $0.0.resume(throwing: $0.1) }
        handoff.frames.forEach { continuation.yield($0) }
        switch handoff.ending {
        case .some(.some(let error)): continuation.finish(throwing: error)
        case .some(.none): continuation.finish()
        case .none: break
        }
        return request
    }

    package func detached() {
        state.withLock { _ in stream.close() }
    }

    private func serve(_ event: PollEvent, _ reading: inout TCPConnectionReading, _ handoff: inout TCPConnectionHandoff) -> PollRequest {
        let now = event.now - startedAt
        if !reading.alreadyRead.isEmpty {
            let bytes = reading.alreadyRead
            reading.alreadyRead = []
            deliver(bytes[...], decoder: &reading.decoder, at: now, &handoff)
        }
        let (closeRequested, abortRequested) = state.withLock { ($0.closeRequested, $0.abortRequested) }
        if abortRequested {
            beginClosing(error: localClose, at: now, linger: false, &handoff)
            return .finished
        }
        if closeRequested {
            beginClosing(error: localClose, at: now, linger: true, &handoff)
        }
        let behind = !flow.acceptsMore
        let (phase, due, queued) = state.withLock { state in
            if behind { state.machine.readerBehind(at: now) }
            return (state.machine.phase, state.machine.tick(at: now), !state.outbox.isEmpty)
        }
        if let due {
            fail(due, at: now, &handoff)
        } else if phase == .open, queued {
            // Queued bytes are tried whatever woke the connection: a send that queued kicked it,
            // and the socket most often takes them at once.
            switch state.withLock({ $0.flush(to: stream, at: now) }) {
            case .success(let completed):
                handoff.sent += completed
            case .failure(let failure):
                fail(.socket(failure.socketError("send to \(remote)")), at: now, linger: false, &handoff)
            }
        }
        var readable = event.readiness.contains(.readable) || (reading.needsWritable && event.readiness.contains(.writable))
        for _ in 0..<Self.readsPerService {
            let phase = self.phase
            let wantsInput = phase != .closed && (phase != .open || flow.acceptsMore)
            // Bytes the stream already holds (a decrypted TLS record) are read without waiting.
            guard wantsInput, readable || state.withLock({ _ in stream.hasBufferedInput }) else { break }
            readable = false
            reading.needsWritable = false
            read(event.scratch, &reading, at: now, &handoff)
        }
        let acceptsMore = flow.acceptsMore
        return state.withLock { state -> PollRequest in
            _ = state.machine.tick(at: now)
            let phase = state.machine.phase
            if phase == .closed { return .finished }
            let wantsInput = phase != .open || acceptsMore
            let buffered = wantsInput && stream.hasBufferedInput
            let writing = phase == .open && !state.outbox.isEmpty
            let wake = state.machine.nextWake.map { startedAt + $0 }
            return .wait(
                read: wantsInput, write: writing || (wantsInput && reading.needsWritable),
                until: buffered ? event.now : wake)
        }
    }

    private var phase: TCPConnectionMachine.Phase { state.withLock { $0.machine.phase } }

    private var localClose: SocketError {
        SocketError(operation: "use of connection to \(remote)", detail: "closed locally")
    }

    /// One read of the socket, and what it means for the connection.
    private func read(
        _ scratch: UnsafeMutableRawBufferPointer, _ reading: inout TCPConnectionReading, at now: Duration,
        _ handoff: inout TCPConnectionHandoff
    ) {
        let received = state.withLock { _ in stream.read(into: scratch) }
        let open = phase == .open
        switch received {
        case .bytes(0):
            if open {
                fail(.peerClosed(pendingBytes: reading.decoder.bufferedByteCount), at: now, linger: false, &handoff)
            } else {
                state.withLock { $0.machine.close(at: now, linger: false) }
            }
        case .bytes(let count):
            guard open else { return }
            deliver(UnsafeRawBufferPointer(rebasing: scratch[0..<count]), decoder: &reading.decoder, at: now, &handoff)
        case .wouldBlock(let needsWritable):
            reading.needsWritable = needsWritable
        case .failed(let detail, let code):
            if open {
                fail(.socket(SocketError(operation: "recv from \(remote)", detail: detail, code: code)), at: now, linger: false, &handoff)
            } else {
                state.withLock { $0.machine.close(at: now, linger: false) }
            }
        }
    }

    /// Hands received bytes to `frames`: as they are (`chunks`), or cut into lines; fails the
    /// connection for bytes that break the framing or the rate limit.
    private func deliver(_ bytes: some Collection<UInt8>, decoder: inout FrameDecoder, at now: Duration, _ handoff: inout TCPConnectionHandoff) {
        if framing == .chunks {
            state.withLock { $0.machine.heard(at: now) }
            handoff.frames.append(Array(bytes))
            return
        }
        do {
            let frames = try decoder.append(bytes)
            if let cause = state.withLock({ $0.machine.received(bytes: bytes.count, frames: frames.count, at: now) }) {
                fail(cause, at: now, &handoff)
                return
            }
            flow.handedOut(frames.count)
            handoff.frames += frames
        } catch {
            fail(.badFrame(error), at: now, &handoff)
        }
    }

    /// Ends the connection for `cause`: sends the farewell frame if the peer can still take one,
    /// finishes `frames` with the error, and closes, lingering unless the peer is gone.
    private func fail(_ cause: TCPConnectionClosed.Cause, at now: Duration, linger: Bool = true, _ handoff: inout TCPConnectionHandoff) {
        let closed = TCPConnectionClosed(cause: cause, remote: remote)
        if linger, let farewell = farewell(closed) {
            state.withLock { state in
                guard state.outbox.isEmpty else { return }
                _ = farewell.withUnsafeBytes { stream.write($0) }
            }
        }
        beginClosing(error: closed, at: now, linger: linger, &handoff)
    }

    /// Fails waiting sends, finishes `frames` (quietly for a local close), and half-closes the
    /// socket so that the peer reads everything sent so far and then EOF. Once only: a later call
    /// can only cut the linger short.
    private func beginClosing(error: any Error, at now: Duration, linger: Bool, _ handoff: inout TCPConnectionHandoff) {
        let (first, pending) = state.withLock { state in
            let first = state.machine.phase == .open
            state.machine.close(at: now, linger: linger)
            return (first, first ? state.end(with: error) : [])
        }
        guard first else { return }
        handoff.failedSends += pending.compactMap { write in write.continuation.map { ($0, error) } }
        handoff.ending = .some(error is TCPConnectionClosed ? error : nil)
        state.withLock { _ in stream.shutdownWrite() }
    }
}
