import MateRunDomain
import MateRunSocket

/// How a joiner's link dials its host again after a drop: `hello` with the session to resume,
/// retried with backoff until the host welcomes it back, refuses it for good, or the link gives up
/// (by cancelling the task, when the "lost" bound has passed).
struct MateRedial: Sendable {
    enum Outcome: Sendable {
        /// The host resumed the session on `channel`; it had received up to `mateLastReceivedSeq`.
        case resumed(SocketMateChannel, mateLastReceivedSeq: Int)
        /// The host refused the resume for a reason retrying cannot fix (e.g. `unknown_session`).
        case refused(MatePairingError)
        /// The link stopped waiting.
        case cancelled
    }

    let dialer: StreamDialer
    let code: String
    let name: String
    let sessionID: String
    let timings: MateTimings

    /// Tries until resumed, refused or cancelled. `lastReceivedSeq` is the highest `seq` received
    /// from the host, which does not change while the connection is down.
    func reconnect(lastReceivedSeq: Int) async -> Outcome {
        var backoff = ReconnectBackoff(initial: timings.reconnectInitialDelay, ceiling: timings.reconnectMaxDelay)
        var delay = backoff.nextDelay()
        while true {
            try? await timings.clock.sleep(delay)
            if Task.isCancelled { return .cancelled }
            delay = backoff.nextDelay()
            do {
                let (channel, mateLastReceivedSeq) = try await attempt(lastReceivedSeq: lastReceivedSeq)
                return .resumed(channel, mateLastReceivedSeq: mateLastReceivedSeq)
            } catch let error as MatePairingError {
                guard case .refused(let refusal, _, _) = error else { continue }
                guard refusal.reason == .throttled else { return .refused(error) }
                let retryAfter = Duration.milliseconds(refusal.retryAfterMilliseconds ?? 0)
                delay = max(delay, retryAfter)
            } catch {
                continue
            }
        }
    }

    /// One attempt: connect, `hello` with `resume`, and the host's `welcome` back.
    private func attempt(lastReceivedSeq: Int) async throws -> (SocketMateChannel, Int) {
        let resume = MateResume(sessionID: sessionID, lastReceivedSeq: lastReceivedSeq)
        let channel = try await SocketMateChannel.connect(
            through: dialer, timeout: timings.connectTimeout, idleTimeout: timings.handshakeTimeout
        )
        do {
            try await channel.send(.hello(MateHello(name: name, code: code, resume: resume)))
            var inbox = HandshakeInbox(channel)
            let answer = try await inbox.next("the welcome back")
            switch answer {
            case .welcome(let welcome) where welcome.sessionID == sessionID:
                guard let mateLastReceivedSeq = welcome.resumedLastReceivedSeq else {
                    throw inbox.unexpected(answer, expected: "a resumed welcome")
                }
                try Task.checkCancellation()
                return (channel, mateLastReceivedSeq)
            case .refused(let refusal):
                throw MatePairingError.refused(refusal, host: dialer.server, code: code)
            default:
                throw inbox.unexpected(answer, expected: "a resumed welcome")
            }
        } catch {
            await channel.abandonHandshake(after: error)
            throw error
        }
    }
}
