/// One connection to the live page's server, as a state machine with no I/O and no clock: the
/// server's loop says what arrived, what was written and what time it is; the viewer says what
/// to send and when to close. Tested with a manual clock.
///
/// - A request must arrive whole within `requestTimeout` of the connection (408), within
///   `HTTPRequestHead.limit` bytes (431), and be a GET of `/` or `/events` (405, 404).
/// - `/` is answered with the page and the connection closed; `/events` with the stream: every
///   message after the `Last-Event-ID` (or from the first), in order, then each new one.
/// - A stream with nothing new for `keepAliveInterval` gets a comment line (proxies and
///   browsers keep it open); a viewer that takes no byte for `stallTimeout` while bytes wait for
///   it is dropped, so a slow reader never holds memory or the run.
package struct WebViewer: Sendable {
    package struct Limits: Sendable {
        package var requestTimeout = 5.0
        package var stallTimeout = 30.0
        package var keepAliveInterval = 15.0
        /// Bytes queued for a viewer before more messages are taken from the log.
        package var outboxLow = 64 * 1024

        package init() {}
    }

    package enum Phase: Equatable, Sendable {
        case readingRequest
        /// Sending a whole response, then closing.
        case answering
        /// Streaming events; `cursor` is the id of the last message queued.
        case streaming(cursor: Int)
        case closed
    }

    package private(set) var phase = Phase.readingRequest
    /// Bytes to write, in order.
    package private(set) var outbox: [UInt8] = []
    private var inbox: [UInt8] = []
    private let limits: Limits
    private let openedAt: Double
    private var lastProgress: Double
    private var lastQueued: Double

    package init(now: Double, limits: Limits = Limits()) {
        self.limits = limits
        openedAt = now
        lastProgress = now
        lastQueued = now
    }

    /// Bytes the client sent; `page(nonce)` is the page's text when `/` is asked. The head's
    /// refusals answer with a short text and close.
    package mutating func received(
        _ bytes: [UInt8], now: Double, page: () -> (body: [UInt8], headers: [String]), fixed: FixedAnswers = FixedAnswers()
    ) {
        guard phase == .readingRequest else { return }
        inbox += bytes
        switch HTTPRequestHead.parse(inbox, fixed: fixed.paths) {
        case .incomplete:
            return
        case .refused(let status, let reason):
            answer(status: status, reason: reason)
        case .request(.page, _):
            let (body, headers) = page()
            outbox = Self.head(status: 200, reason: "OK", headers: headers + ["Content-Length: \(body.count)", "Connection: close"]) + body
            phase = .answering
        case .request(.fixed(let path), _):
            let answer = fixed(path)
            outbox = Self.head(status: answer.status, reason: answer.reason, headers: [
                "Content-Type: \(answer.contentType)", "Cache-Control: no-store", "X-Content-Type-Options: nosniff",
                "Content-Length: \(answer.body.count)", "Connection: close",
            ]) + answer.body
            phase = .answering
        case .request(.events, let lastEventID):
            outbox = Self.head(status: 200, reason: "OK", headers: [
                "Content-Type: text/event-stream; charset=utf-8", "Cache-Control: no-store", "X-Content-Type-Options: nosniff",
                "Connection: keep-alive",
            ]) + Array("retry: 2000\n\n".utf8)
            phase = .streaming(cursor: lastEventID ?? 0)
            lastQueued = now
        }
        inbox = []
    }

    /// The server has no room for another viewer: it is told so and closed.
    package mutating func refuseAsFull() {
        answer(status: 503, reason: "Service Unavailable", text: "Too many viewers of this run's page; try again later.\n")
    }

    /// `count` bytes of the outbox were written.
    package mutating func wrote(_ count: Int, now: Double) {
        guard count > 0 else { return }
        outbox.removeFirst(min(count, outbox.count))
        lastProgress = now
        if outbox.isEmpty, phase == .answering { phase = .closed }
    }

    /// For a stream whose outbox runs low: the id after which messages should be queued.
    package var wantsMessages: Int? {
        guard case .streaming(let cursor) = phase, outbox.count < limits.outboxLow else { return nil }
        return cursor
    }

    /// Queues `messages` (the ones after `wantsMessages`, in order).
    package mutating func queue(_ messages: [ServerSentEvents.Message], now: Double) {
        guard case .streaming = phase, let last = messages.last else { return }
        for message in messages { outbox += message.bytes }
        phase = .streaming(cursor: last.id)
        lastQueued = now
    }

    /// Time passed: deadlines, keep-alives and stalls.
    package mutating func tick(now: Double) {
        switch phase {
        case .readingRequest where now - openedAt >= limits.requestTimeout:
            answer(status: 408, reason: "Request Timeout")
        case .answering, .streaming:
            if !outbox.isEmpty, now - lastProgress >= limits.stallTimeout {
                phase = .closed
                outbox = []
            } else if case .streaming = phase, outbox.isEmpty, now - lastQueued >= limits.keepAliveInterval {
                outbox = Array(": keep-alive\n\n".utf8)
                lastQueued = now
                lastProgress = now
            }
        default:
            break
        }
    }

    /// When `tick` must next be called (a request's deadline, a stall, a keep-alive); nil when
    /// no time matters (closed).
    package var nextDeadline: Double? {
        switch phase {
        case .readingRequest:
            return openedAt + limits.requestTimeout
        case .answering, .streaming:
            if !outbox.isEmpty { return lastProgress + limits.stallTimeout }
            if case .streaming = phase { return lastQueued + limits.keepAliveInterval }
            return nil
        case .closed:
            return nil
        }
    }

    /// Whether the server, stopping, owes the viewer nothing more: a stream sent everything up
    /// to `lastID`, or a request that never came. A response being sent is still owed.
    package func isOwedNothing(lastID: Int) -> Bool {
        switch phase {
        case .readingRequest, .closed: true
        case .answering: false
        case .streaming(let cursor): cursor >= lastID && outbox.isEmpty
        }
    }

    /// The client closed its side, or the socket failed.
    package mutating func disconnected() {
        phase = .closed
        outbox = []
    }

    private mutating func answer(status: Int, reason: String, text: String? = nil) {
        let body = Array((text ?? "\(status) \(reason)\n").utf8)
        outbox = Self.head(status: status, reason: reason, headers: [
            "Content-Type: text/plain; charset=utf-8", "Content-Length: \(body.count)", "Connection: close",
        ]) + body
        phase = .answering
        inbox = []
    }

    private static func head(status: Int, reason: String, headers: [String]) -> [UInt8] {
        Array((["HTTP/1.1 \(status) \(reason)"] + headers).joined(separator: "\r\n").utf8) + Array("\r\n\r\n".utf8)
    }
}
