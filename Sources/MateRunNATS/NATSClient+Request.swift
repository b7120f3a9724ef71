/// Request/reply: a request is a publish whose reply subject is under this client's one inbox
/// subscription (`_INBOX.<random>.*`), made on the first request.
extension NATSClient {
    /// Publishes `payload` on `subject` and waits, at most `timeout`, for the first reply.
    /// Throws `noResponders` at once when nobody subscribes to `subject`.
    package func request(
        _ subject: String, payload: [UInt8], headers: NATSHeaders? = nil, timeout: Duration = .seconds(5)
    ) async throws(NATSError) -> NATSMessage {
        try NATSSubject.validate(subject, wildcards: false)
        let token = try state.withLock { (state: inout NATSClientState) throws(NATSError) -> UInt64 in
            guard !state.closed else { throw .closed }
            if state.inboxSid == nil {
                let sid = state.nextSid
                state.nextSid += 1
                state.inboxSid = sid
                // The inbox is a subscription like the others, so that a reconnect makes it again;
                // its messages go to the waiting requests, never to this stream.
                let (_, continuation) = AsyncStream.makeStream(of: NATSMessage.self)
                state.subscriptions[sid] = .init(subject: inboxPrefix + "*", queue: nil, continuation: continuation)
                state.connection?.enqueue(NATSCommand.subscribe(subject: inboxPrefix + "*", queue: nil, sid: sid))
            }
            defer { state.nextRequest += 1 }
            return state.nextRequest
        }
        defer { _ = state.withLock { $0.requests.removeValue(forKey: token) } }
        do {
            return try await NATSDeadline.run(timeout, what: "reply to a request on \(subject)") {
                (waiter: NATSWaiter<NATSMessage>) in
                state.withLock { $0.requests[token] = .init(waiter: waiter, subject: subject) }
                do {
                    try publish(subject, payload: payload, replyTo: inboxPrefix + String(token), headers: headers)
                } catch {
                    waiter.resume(throwing: error)
                }
            }
        } catch let error as NATSError {
            throw error
        } catch {
            throw .connection("\(error)")
        }
    }
}
