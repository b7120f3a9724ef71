import MateRunSocket

/// The task that owns the connection: dials, shakes hands, serves the connection until it ends,
/// and redials with backoff, making every subscription again each time. Each redial turns to
/// the next known server (`NATSServerList`), so a client carries on through another node of
/// its cluster when its server dies; with one server it redials that one.
extension NATSClient {
    /// A connection after its handshake, with the reader that continues where it stopped.
    struct Session {
        let connection: TCPConnection
        var reader: NATSReader
    }

    func supervise(reportingFirstTo first: CheckedContinuation<Void, any Error>) async {
        var first: CheckedContinuation<Void, any Error>? = first
        var failures = 0
        var servers = NATSServerList(primary: options.url, alternatives: options.alternativeURLs)
        var untriedAtFirst = servers.servers.count - 1
        while !Task.isCancelled {
            do {
                var session = try await establish(servers.current)
                servers.learn(connectURLs: state.withLock { $0.info.connectURLs })
                if let waiting = first {
                    first = nil
                    waiting.resume()
                } else {
                    eventSink.yield(.reconnected(to: servers.current))
                }
                failures = 0
                let reason = await serve(&session, learningInto: &servers)
                guard !state.withLock({ $0.closed }) else { return }
                eventSink.yield(.disconnected(reason: reason))
                servers.advance()
            } catch {
                servers.advance()
                if let waiting = first {
                    guard untriedAtFirst > 0 else {
                        waiting.resume(throwing: error)
                        return
                    }
                    untriedAtFirst -= 1
                    continue
                }
                failures += 1
                if let limit = options.maxReconnectAttempts, failures > limit {
                    shutDown(reason: "gave up after \(limit) attempts to reconnect: \(error)")
                    return
                }
            }
            do {
                try await Task.sleep(for: options.reconnectWait(attempt: max(failures - 1, 0)))
            } catch {
                return
            }
        }
    }

    /// Dials and completes INFO → CONNECT → PING → PONG, then installs the connection.
    private func establish(_ url: NATSURL) async throws(NATSError) -> Session {
        var connectionOptions = TCPConnectionOptions(idleTimeout: options.connectTimeout, maxFrameBytes: 1)
        connectionOptions.framing = .chunks
        let connection: TCPConnection
        do {
            connection = try await TCPConnection.connect(
                to: url.endpoint, timeout: options.connectTimeout, options: connectionOptions,
                prelude: { [self] socket in try greet(socket, url: url) })
        } catch let error as NATSError {
            throw error
        } catch {
            throw .connection("cannot reach \(url): \(error)")
        }
        var reader = NATSReader(connection)
        do throws(NATSError) {
            guard case .info(let info) = try await reader.next() else {
                throw NATSError.protocolViolation(.malformed(operation: "INFO", line: "the server did not start with INFO"))
            }
            connection.enqueue(
                NATSCommand.connect(
                    credentials: url.credentials, name: options.name, proof: try nonceProof(for: info),
                    tls: Self.encrypts(url: url, info: info)) + NATSCommand.ping)
            handshake: while true {
                switch try await reader.next() {
                case .pong: break handshake
                case .ping: connection.enqueue(NATSCommand.pong)
                case .error(let error): throw NATSError.server(error)
                case .ok, .info, .message: continue
                }
            }
            reader.parser.maxPayload = info.maxPayload
            connection.setIdleTimeout(options.pingInterval * (options.maxPingsOut + 1))
            let installed = state.withLock { state -> Bool in
                guard !state.closed else { return false }
                state.install(connection, info: info)
                return true
            }
            guard installed else { throw NATSError.closed }
        } catch {
            connection.close()
            throw error
        }
        return Session(connection: connection, reader: reader)
    }

    /// The NKEY's answer to the nonce of `info`; nil without an NKEY, or when the server sent no nonce.
    private func nonceProof(for info: NATSServerInfo) throws(NATSError) -> NATSCommand.NonceProof? {
        guard let user = options.userCredentials, let nonce = info.nonce else { return nil }
        do {
            return .init(publicKey: user.publicKey, signature: try user.signature(ofNonce: nonce), jwt: user.jwt)
        } catch {
            throw .credentials(error)
        }
    }

    /// Serves the connection until it ends, pinging it meanwhile, and adds the nodes each
    /// `INFO` announces to `servers`; returns why it ended.
    private func serve(_ session: inout Session, learningInto servers: inout NATSServerList) async -> String {
        let connection = session.connection
        let interval = options.pingInterval
        let pinger = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                self.state.withLock { state in
                    guard state.connection === connection else { return }
                    state.pings.append(nil)
                    connection.enqueue(NATSCommand.ping)
                }
            }
        }
        defer { pinger.cancel() }
        var reason = "connection closed"
        var serverError: NATSServerError?
        do {
            while true {
                let message = try await session.reader.next()
                switch message {
                case .message(let delivered): deliver(delivered)
                case .ping: connection.enqueue(NATSCommand.pong)
                case .pong:
                    let waiter = state.withLock { $0.pings.isEmpty ? nil : $0.pings.removeFirst() }
                    waiter?.resume(returning: ())
                case .ok: break
                case .info(let info):
                    session.reader.parser.maxPayload = info.maxPayload
                    state.withLock { $0.info = info }
                    servers.learn(connectURLs: info.connectURLs)
                case .error(let error):
                    serverError = error
                    eventSink.yield(.serverError(error))
                }
            }
        } catch {
            reason = serverError.map { "\($0); \(error)" } ?? "\(error)"
        }
        connection.close()
        let waiting = state.withLock { $0.detach(connection) }
        waiting.forEach { $0.resume(throwing: NATSError.connection("disconnected: \(reason)")) }
        return reason
    }

    /// Hands a delivered message to its subscription, or to the request waiting on its inbox.
    private func deliver(_ message: NATSMessage) {
        let request = state.withLock { state -> NATSClientState.Request? in
            if message.sid == state.inboxSid {
                guard let token = message.subject.split(separator: ".").last.flatMap({ UInt64($0) }) else { return nil }
                return state.requests.removeValue(forKey: token)
            }
            guard let subscription = state.subscriptions[message.sid] else { return nil }
            if case .dropped = subscription.continuation.yield(message) {
                state.droppedMessages += 1
            }
            return nil
        }
        guard let request else { return }
        if message.headers?.status == 503 && message.payload.isEmpty {
            request.waiter.resume(throwing: NATSError.noResponders(subject: request.subject))
        } else {
            request.waiter.resume(returning: message)
        }
    }
}
