import Glibc

/// The connection's I/O thread: the only place that reads the socket, finishes `frames`, and
/// closes the file descriptor.
extension TCPConnection {
    /// How long a closing connection keeps draining input so that its last frames (a `bye`)
    /// reach the peer instead of being cut by a reset.
    static let linger = Duration.seconds(1)

    func runIOLoop() {
        var decoder = FrameDecoder(maxFrameBytes: maxFrameBytes)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lastFrame = ContinuousClock.now
        var lingerUntil: ContinuousClock.Instant?
        var window = TCPRateWindow()
        // A TLS session that must send before it can read waits for the socket to be writable.
        var readNeedsWritable = false
        let fd = stream.descriptor
        if !alreadyRead.isEmpty, case .failed(let closing) = deliver(alreadyRead[...], decoder: &decoder, window: &window, rateLimit: nil) {
            lingerUntil = closing
        } else if !alreadyRead.isEmpty {
            lastFrame = .now
        }

        io: while true {
            let (idleTimeout, closeRequested, abortRequested, wantsWrite, stalledSince, deadline, rateLimit) = state.withLock {
                ($0.idleTimeout, $0.closeRequested, $0.abortRequested, !$0.outbox.isEmpty, $0.stalledSince, $0.deadline,
                 $0.rateLimit)
            }
            let now = ContinuousClock.now
            // A reader that fell behind is not the peer's silence: the idle time counts from when
            // the socket is read again.
            let reading = lingerUntil != nil || flow.acceptsMore
            if !reading { lastFrame = now }
            if closeRequested, lingerUntil == nil {
                lingerUntil = beginClosing(error: SocketError(operation: "use of connection to \(remote)", detail: "closed locally"))
            }
            if abortRequested { break }
            let wakeAt: ContinuousClock.Instant
            if let lingerUntil {
                if now >= lingerUntil { break }
                wakeAt = lingerUntil
            } else {
                if let deadline, now >= deadline {
                    lingerUntil = fail(.deadline(seconds: (deadline - startedAt).secondsValue))
                    continue
                }
                let idleDeadline = lastFrame + idleTimeout
                if now >= idleDeadline {
                    lingerUntil = fail(.idleTimeout(seconds: idleTimeout.secondsValue))
                    continue
                }
                if let stalledSince, now >= stalledSince + idleTimeout {
                    lingerUntil = fail(.sendStalled(seconds: idleTimeout.secondsValue))
                    continue
                }
                let next = stalledSince.map { min($0 + idleTimeout, idleDeadline) } ?? idleDeadline
                wakeAt = deadline.map { min($0, next) } ?? next
            }

            let writing = wantsWrite && lingerUntil == nil
            // Bytes the stream already holds (a decrypted TLS record) are read without waiting.
            let buffered = reading && state.withLock { _ in stream.hasBufferedInput }
            let pollsOut = writing || (reading && readNeedsWritable)
            // Neither reading nor writing: the socket is left out of the poll (fd -1), or a hang-up
            // would wake it at once, again and again, until the reader catches up.
            var polled = [
                pollfd(
                    fd: reading || writing ? fd : -1,
                    events: (reading ? Int16(POLLIN) : 0) | (pollsOut ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&polled, nfds_t(polled.count), buffered ? 0 : SocketOptions.pollMilliseconds(until: wakeAt))
            if ready < 0 {
                if errno == EINTR { continue }
                if lingerUntil != nil { break io }
                lingerUntil = fail(.socket(.lastError("poll connection to \(remote)")))
                continue
            }
            if polled[1].revents != 0 {
                wake.drain()
            }
            let events = polled[0].revents
            if writing, events & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                switch state.withLock({ $0.flush(to: stream) }) {
                case .success(let completed):
                    completed.forEach { $0.resume() }
                case .failure(let failure):
                    lingerUntil = fail(.socket(failure.socketError("send to \(remote)")), linger: false)
                    continue
                }
            }
            let readable = events & Int16(POLLIN | POLLERR | POLLHUP) != 0 || (readNeedsWritable && events & Int16(POLLOUT) != 0)
            guard reading, buffered || readable else { continue }
            readNeedsWritable = false
            let received = state.withLock { _ in buffer.withUnsafeMutableBytes { stream.read(into: $0) } }
            switch received {
            case .bytes(0):
                if lingerUntil != nil { break io }
                lingerUntil = fail(.peerClosed(pendingBytes: decoder.bufferedByteCount), linger: false)
            case .bytes(let count):
                guard lingerUntil == nil else { continue }
                switch deliver(buffer[0..<count], decoder: &decoder, window: &window, rateLimit: rateLimit) {
                case .delivered(let anyFrame): if anyFrame { lastFrame = .now }
                case .failed(let closing): lingerUntil = closing
                }
            case .wouldBlock(let needsWritable):
                readNeedsWritable = needsWritable
            case .failed(let detail, let code):
                if lingerUntil != nil { break io }
                lingerUntil = fail(.socket(SocketError(operation: "recv from \(remote)", detail: detail, code: code)), linger: false)
            }
        }
        state.withLock { _ in
            stream.close()
        }
    }

    /// What became of received bytes.
    private enum Delivery {
        /// Handed to `frames`; whether they made at least one frame (which resets the idle time).
        case delivered(anyFrame: Bool)
        /// They broke the framing or the rate limit: the connection is failing, lingering until then.
        case failed(lingerUntil: ContinuousClock.Instant)
    }

    /// Hands received bytes to `frames`: as they are (`chunks`), or cut into lines.
    private func deliver(
        _ bytes: ArraySlice<UInt8>, decoder: inout FrameDecoder, window: inout TCPRateWindow, rateLimit: TCPRateLimit?
    ) -> Delivery {
        if framing == .chunks {
            continuation.yield(Array(bytes))
            return .delivered(anyFrame: true)
        }
        do {
            let frames = try decoder.append(bytes)
            if let rateLimit, window.add(bytes: bytes.count, frames: frames.count, at: .now, limit: rateLimit) {
                return .failed(lingerUntil: fail(.flooded(rateLimit)))
            }
            flow.handedOut(frames.count)
            frames.forEach { continuation.yield($0) }
            return .delivered(anyFrame: !frames.isEmpty)
        } catch {
            return .failed(lingerUntil: fail(.badFrame(error)))
        }
    }

    /// Ends the connection for `cause`: sends the farewell frame if the peer can still take one,
    /// finishes `frames` with the error, and returns until when to linger (now, if `linger` is
    /// false, because the peer is gone).
    private func fail(_ cause: TCPConnectionClosed.Cause, linger: Bool = true) -> ContinuousClock.Instant {
        let closed = TCPConnectionClosed(cause: cause, remote: remote)
        if linger, let farewell = farewell(closed) {
            state.withLock { state in
                guard state.outbox.isEmpty else { return }
                _ = farewell.withUnsafeBytes { stream.write($0) }
            }
        }
        let until = beginClosing(error: closed)
        return linger ? until : .now
    }

    /// Fails waiting sends, finishes `frames` (quietly for a local close), and half-closes the
    /// socket so that the peer reads everything sent so far and then EOF.
    private func beginClosing(error: any Error) -> ContinuousClock.Instant {
        let pending = state.withLock { $0.end(with: error) }
        pending.forEach { $0.continuation?.resume(throwing: error) }
        if error is TCPConnectionClosed {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        state.withLock { _ in stream.shutdownWrite() }
        return .now + Self.linger
    }
}
