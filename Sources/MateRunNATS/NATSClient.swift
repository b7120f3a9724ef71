import MateRunTLS
import Synchronization

/// A NATS client written from the protocol: publish, subscribe, request/reply, over one
/// connection that it keeps alive and redials.
///
/// It knows nothing of what the messages mean. Calls never block: a publish is written at once
/// when the socket takes it (the socket target's poller writes the rest), and everything
/// read from the server is parsed by one task that serves the connection. Memory is bounded
/// everywhere a slow or stuck party could grow it: the outbox (`outboxLimitBytes`), each
/// subscription's buffer (`subscriptionBufferLimit`), the parser (`max_payload`).
package final class NATSClient: Sendable {
    package let options: NATSClientOptions
    /// What happens to the connection; a single reader, newest kept when it falls behind.
    package let events: AsyncStream<NATSClientEvent>

    let state = Mutex(NATSClientState())
    let eventSink: AsyncStream<NATSClientEvent>.Continuation
    let supervisor = Mutex<Task<Void, Never>?>(nil)
    /// The TLS context, made when the first connection is encrypted (`greet`).
    let tls = Mutex<TLSClientContext?>(nil)
    /// The subject prefix of this client's replies: `_INBOX.<random>.`.
    let inboxPrefix: String

    private init(options: NATSClientOptions) {
        self.options = options
        (events, eventSink) = AsyncStream.makeStream(of: NATSClientEvent.self, bufferingPolicy: .bufferingNewest(256))
        inboxPrefix = "_INBOX.\(NATSClient.randomToken())."
    }

    /// Dials the server and completes the handshake; afterwards the client redials on its own.
    /// Throws when the first connection cannot be made (unreachable, refused credentials).
    package static func connect(_ options: NATSClientOptions) async throws(NATSError) -> NATSClient {
        let client = NATSClient(options: options)
        do {
            try await withCheckedThrowingContinuation { (first: CheckedContinuation<Void, any Error>) in
                let task = Task { await client.supervise(reportingFirstTo: first) }
                client.supervisor.withLock { $0 = task }
            }
        } catch let error as NATSError {
            client.shutDown(reason: "\(error)")
            throw error
        } catch {
            client.shutDown(reason: "\(error)")
            throw .connection("\(error)")
        }
        return client
    }

    /// What the server said about itself in its latest `INFO`.
    package var serverInfo: NATSServerInfo { state.withLock { $0.info } }

    /// Whether a connection is up right now.
    package var isConnected: Bool { state.withLock { $0.connection != nil } }

    /// Messages dropped because a subscription's reader fell more than its buffer behind.
    package var droppedMessageCount: Int { state.withLock { $0.droppedMessages } }

    /// Publishes `payload` on `subject`, with headers when given (`HPUB`). Returns at once;
    /// throws for a bad subject, a payload over the server's `max_payload`, a full outbox, or a
    /// closed client. Delivery is at most once, as NATS core promises.
    package func publish(
        _ subject: String, payload: [UInt8], replyTo: String? = nil, headers: NATSHeaders? = nil
    ) throws(NATSError) {
        try NATSSubject.validate(subject, wildcards: false)
        if let replyTo { try NATSSubject.validate(replyTo, wildcards: false) }
        let headerBytes = try headers?.encoded()
        let size = payload.count + (headerBytes?.count ?? 0)
        let bytes = NATSCommand.publish(subject: subject, replyTo: replyTo, headers: headerBytes, payload: payload)
        let limit = options.outboxLimitBytes
        try state.withLock { (state: inout NATSClientState) throws(NATSError) in
            guard !state.closed else { throw .closed }
            guard size <= state.info.maxPayload else { throw .payloadTooLarge(bytes: size, limit: state.info.maxPayload) }
            guard headerBytes == nil || state.info.headers else { throw .headersUnsupported }
            try state.send(bytes, limit: limit)
        }
    }

    /// Subscribes to `subject` (wildcards allowed), in a queue group when given.
    package func subscribe(_ subject: String, queue: String? = nil) throws(NATSError) -> NATSSubscription {
        try NATSSubject.validate(subject, wildcards: true)
        if let queue { try NATSSubject.validateQueue(queue) }
        let (messages, continuation) = AsyncStream.makeStream(
            of: NATSMessage.self, bufferingPolicy: .bufferingNewest(options.subscriptionBufferLimit))
        let sid = try state.withLock { (state: inout NATSClientState) throws(NATSError) -> UInt64 in
            guard !state.closed else { throw .closed }
            let sid = state.nextSid
            state.nextSid += 1
            state.subscriptions[sid] = .init(subject: subject, queue: queue, continuation: continuation)
            state.connection?.enqueue(NATSCommand.subscribe(subject: subject, queue: queue, sid: sid))
            return sid
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(sid: sid) }
        return NATSSubscription(subject: subject, sid: sid, messages: messages, client: self)
    }

    func unsubscribe(sid: UInt64) {
        let removed = state.withLock { state -> NATSClientState.Subscription? in
            guard let removed = state.subscriptions.removeValue(forKey: sid) else { return nil }
            state.connection?.enqueue(NATSCommand.unsubscribe(sid: sid))
            return removed
        }
        removed?.continuation.finish()
    }

    /// Waits until the server has processed everything sent before (a PING answered by its
    /// PONG), at most `timeout`.
    package func flush(timeout: Duration = .seconds(5)) async throws(NATSError) {
        do {
            try await NATSDeadline.run(timeout, what: "PONG from the NATS server") { (waiter: NATSWaiter<Void>) in
                let failure = self.state.withLock { (state: inout NATSClientState) -> NATSError? in
                    guard !state.closed else { return .closed }
                    guard let connection = state.connection else { return .connection("not connected") }
                    state.pings.append(waiter)
                    connection.enqueue(NATSCommand.ping)
                    return nil
                }
                if let failure { waiter.resume(throwing: failure) }
            }
        } catch let error as NATSError {
            throw error
        } catch {
            throw .connection("\(error)")
        }
    }

    /// Sends what is still queued (bounded by a second), then closes: subscriptions finish,
    /// waiting flushes and requests fail with `closed`, `events` ends. Idempotent.
    package func close() async {
        if isConnected {
            try? await flush(timeout: .seconds(1))
        }
        shutDown(reason: "closed")
    }

    /// Closes at once, without flushing.
    func shutDown(reason: String) {
        let (connection, subscriptions, pings, requests, wasClosed) = state.withLock { state in
            let taken = (state.connection, state.subscriptions, state.pings, state.requests, state.closed)
            state.closed = true
            state.connection = nil
            state.subscriptions.removeAll()
            state.pings.removeAll()
            state.requests.removeAll()
            return taken
        }
        guard !wasClosed else { return }
        supervisor.withLock { $0?.cancel() }
        connection?.close()
        subscriptions.values.forEach { $0.continuation.finish() }
        pings.forEach { $0?.resume(throwing: NATSError.closed) }
        requests.values.forEach { $0.waiter.resume(throwing: NATSError.closed) }
        eventSink.yield(.closed(reason: reason))
        eventSink.finish()
    }

    /// 22 random letters and digits, for inboxes and codes that must not be guessed.
    package static func randomToken(length: Int = 22) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
