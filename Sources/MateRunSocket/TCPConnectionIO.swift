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

        while true {
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
            // Neither reading nor writing: the socket is left out of the poll (fd -1), or a hang-up
            // would wake it at once, again and again, until the reader catches up.
            var polled = [
                pollfd(
                    fd: reading || writing ? fd : -1,
                    events: (reading ? Int16(POLLIN) : 0) | (writing ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&polled, nfds_t(polled.count), SocketOptions.pollMilliseconds(until: wakeAt))
            if ready < 0 {
                if errno == EINTR { continue }
                if lingerUntil != nil { break }
                lingerUntil = fail(.socket(.lastError("poll connection to \(remote)")))
                continue
            }
            if polled[1].revents != 0 {
                wake.drain()
            }
            let events = polled[0].revents
            if writing, events & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                switch state.withLock({ $0.flush(to: fd) }) {
                case .success(let completed):
                    completed.forEach { $0.resume() }
                case .failure(let code):
                    lingerUntil = fail(.socket(.system(code.code, "send to \(remote)")), linger: false)
                    continue
                }
            }
            guard reading, events & Int16(POLLIN | POLLERR | POLLHUP) != 0 else { continue }
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                guard lingerUntil == nil else { continue }
                if framing == .chunks {
                    lastFrame = .now
                    continuation.yield(Array(buffer[0..<received]))
                    continue
                }
                do {
                    let frames = try decoder.append(buffer[0..<received])
                    if let rateLimit, window.add(bytes: received, frames: frames.count, at: .now, limit: rateLimit) {
                        lingerUntil = fail(.flooded(rateLimit))
                        continue
                    }
                    if !frames.isEmpty {
                        lastFrame = .now
                    }
                    flow.handedOut(frames.count)
                    frames.forEach { continuation.yield($0) }
                } catch {
                    lingerUntil = fail(.badFrame(error))
                }
            } else if received == 0 {
                if lingerUntil != nil { break }
                lingerUntil = fail(.peerClosed(pendingBytes: decoder.bufferedByteCount), linger: false)
            } else {
                let code = errno
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                if lingerUntil != nil { break }
                lingerUntil = fail(.socket(.system(code, "recv from \(remote)")), linger: false)
            }
        }
        state.withLock { _ in
            _ = Glibc.close(fd)
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
                farewell.withUnsafeBytes { raw in
                    _ = Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                }
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
        _ = shutdown(fd, Int32(SHUT_WR))
        return .now + Self.linger
    }
}
