import MateRunDomain
import MateRunSocket

/// The hosting side of a pairing: listens, admits one mate with the right code, agrees the terms
/// and the start, and keeps listening for the whole run so that a dropped joiner can resume.
///
/// It takes its connections from a `Source`: a `TCPListener` for the direct link (`init(bind:…)`,
/// with the `endpoint` joiners dial), or a `SocketPairListener` that a relay fills with
/// connections carried through NATS, so that a host reached that way listens on no port.
///
/// Its lifetime is structural, as a server's: `run()` owns the source and serves until it is
/// cancelled or `close()` is called, and the caller runs it beside the paired run (in a task
/// group), so the host cannot be released while a joiner may still resume. `pairing()` waits
/// for the mate. Every connection is handled in its own child task of `run()`, so a silent or
/// hostile client never holds up the next one: it is refused (`version`, `busy`, `throttled`,
/// `wrong_code`, `unknown_session`) or closed by the transport (handshake deadline, flood, bad
/// frame), and the host keeps serving. At most `MateProtocol.maxUnpairedConnections` connections
/// wait unpaired: a new one closes the oldest, so strangers holding sockets cannot exhaust the
/// descriptors nor keep a real mate out. Notices are tallied (`NoticeTally`): one line per kind
/// and interval. Listening stops when the link ends too, silently.
package actor MateHost<Source: ConnectionSource> {
    /// What happened to each connection, for the host's log, e.g. "refused 127.0.0.1: wrong
    /// pairing code". Keeps the newest 64 when nobody reads.
    package nonisolated let notices: AsyncStream<String>

    private nonisolated let noticeSink: AsyncStream<String>.Continuation
    private nonisolated let pairings: AsyncStream<MatePairing>
    private nonisolated let pairingSink: AsyncStream<MatePairing>.Continuation
    private nonisolated let source: Source
    private let hostName: String
    /// The host runner's sport, declared in `welcome`.
    private let hostSport: Sport
    private let terms: MateTerms
    private let timings: MateTimings
    private var admission: HostAdmission
    private var link: TCPMateLink?
    private var sessionID: String?
    private var closed = false
    /// Connections that have not paired yet, by the order they came in: the oldest is closed
    /// when there are too many.
    private var unpaired: [Int: TCPConnection] = [:]
    private var connectionCount = 0
    private var tally = NoticeTally(interval: MateProtocol.noticeInterval)

    /// Serves joiners offering `code` from `source`.
    package init(
        source: Source, code: String, hostName: String, hostSport: Sport = .running, terms: MateTerms,
        timings: MateTimings = .standard
    ) {
        self.source = source
        self.hostName = hostName
        self.hostSport = hostSport
        self.terms = terms
        self.timings = timings
        admission = HostAdmission(code: code, hostName: hostName)
        (notices, noticeSink) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        (pairings, pairingSink) = AsyncStream.makeStream(of: MatePairing.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Serves joiners until cancelled or closed: accepts each connection and admits it in a child
    /// task. Returns once the source is closed and every admission has ended.
    package nonisolated func run() async {
        await withDiscardingTaskGroup { group in
            await withTaskCancellationHandler {
                while !Task.isCancelled {
                    do {
                        let channel = try await SocketMateChannel.accept(from: source, handshakeTimeout: timings.handshakeTimeout)
                        let number = await arrived(channel.connection)
                        group.addTask { await self.admit(channel, number: number) }
                    } catch {
                        guard !source.isClosed, !(error is CancellationError) else { break }
                        await notice("accept failed", "accept failed: \(error)")
                        try? await timings.clock.sleep(.milliseconds(100))
                    }
                }
            } onCancel: {
                source.close()
            }
        }
        await close()
    }

    /// Waits for the mate to pair, while `run()` serves. Throws `CancellationError` when the host
    /// closed first or the waiting task was cancelled; wrong codes never end the wait.
    package nonisolated func pairing() async throws -> MatePairing {
        var iterator = pairings.makeAsyncIterator()
        guard let pairing = await iterator.next() else { throw CancellationError() }
        return pairing
    }

    /// Stops listening: no new mate, no resume. A paired link stays open until closed itself.
    package func close() {
        guard !closed else { return }
        closed = true
        source.close()
        pairingSink.finish()
        // Counts held back are told before a run starts (`seat`); after a run's end only its
        // result is printed, so they are told here only when no mate ever paired.
        if link == nil { flushNotices() }
        noticeSink.finish()
        unpaired.values.forEach { $0.close() }
        unpaired = [:]
    }

    private func flushNotices() {
        for line in tally.flush(now: timings.clock.now().seconds) { noticeSink.yield(line) }
    }

    /// Logs `text` unless its `kind` was logged within the interval (then it is counted).
    private func notice(_ kind: String, _ text: String) {
        for line in tally.record(kind, text, now: timings.clock.now().seconds) { noticeSink.yield(line) }
    }

    /// Counts a new connection as unpaired, closing the oldest unpaired one when there are too
    /// many; returns its number.
    private func arrived(_ connection: TCPConnection) -> Int {
        connectionCount += 1
        unpaired[connectionCount] = connection
        if unpaired.count > MateProtocol.maxUnpairedConnections, let oldest = unpaired.keys.min() {
            unpaired.removeValue(forKey: oldest)?.abort()
            notice(
                "closed the oldest unpaired connection",
                "more than \(MateProtocol.maxUnpairedConnections) connections without a mate: closed the oldest unpaired connection")
        }
        return connectionCount
    }

    /// The connection numbered `number` said hello or is gone: no longer a stranger to cap.
    private func settled(_ number: Int) {
        unpaired.removeValue(forKey: number)
    }

    /// Reads the connection's `hello` and routes it: refusal, new session or resume.
    private nonisolated func admit(_ channel: SocketMateChannel, number: Int) async {
        var inbox = HandshakeInbox(channel)
        let hello: MateHello
        do {
            let first = try await inbox.next("hello")
            await settled(number)
            guard case .hello(let greeting) = first else { throw inbox.unexpected(first, expected: "hello") }
            hello = greeting
        } catch {
            await settled(number)
            await notice("closed before hello: \(Self.kind(of: error))", "closed \(channel.peer): \(error)")
            await channel.abandonHandshake(after: error)
            return
        }
        switch await decide(hello, from: channel.peerHost) {
        case .refuse(let refusal):
            await refuse(channel, refusal)
        case .newSession:
            await startSession(with: hello, on: channel, inbox: &inbox)
        case .resume(let mateLastReceivedSeq):
            await resumeSession(on: channel, mateLastReceivedSeq: mateLastReceivedSeq)
        }
    }

    private func decide(_ hello: MateHello, from address: String) -> HostAdmission.Decision {
        admission.decide(hello, from: address, now: timings.clock.now().seconds)
    }

    private nonisolated func refuse(_ channel: SocketMateChannel, _ refusal: MateRefusal) async {
        await notice("refused hellos: \(refusal.reason)", "refused \(channel.peerHost): \(refusal.message)")
        try? await channel.send(.refused(refusal))
        channel.connection.close()
    }

    private nonisolated func startSession(with hello: MateHello, on channel: SocketMateChannel, inbox: inout HandshakeInbox) async {
        let sessionID = Self.newSessionID()
        let handshake = HostHandshake(
            channel: channel, sessionID: sessionID, hostName: hostName, hostSport: hostSport, terms: terms, timings: timings)
        do {
            let start = try await handshake.run(&inbox)
            let link = await TCPMateLink.open(channel: channel, timings: timings, recovery: .awaitMate) { [source] in
                source.close()
            }
            await seat(sessionID, link: link)
            noticeSink.yield("paired with \(hello.name) at \(channel.peer)")
            let countdown = (start.startsAt - timings.clock.now()).seconds
            pairingSink.yield(MatePairing(
                role: .host, mateName: hello.name, terms: terms, secondsUntilStart: countdown, link: link, mateSport: hello.sport))
        } catch {
            await vacate()
            await notice("pairings that failed", "pairing with \(hello.name) at \(channel.peer) failed: \(error)")
            await channel.abandonHandshake(after: error)
        }
    }

    private nonisolated func resumeSession(on channel: SocketMateChannel, mateLastReceivedSeq: Int) async {
        guard let (link, sessionID) = await currentSession() else {
            await refuse(channel, MateRefusal(reason: .unknownSession, message: "there is no session to resume"))
            return
        }
        let hostName = hostName
        let resumed = await link.resume(on: channel, mateLastReceivedSeq: mateLastReceivedSeq) { lastReceivedSeq in
            .welcome(MateWelcome(sessionID: sessionID, name: hostName, resumedLastReceivedSeq: lastReceivedSeq))
        }
        if resumed {
            noticeSink.yield("mate back from \(channel.peer)")
        } else {
            await refuse(channel, MateRefusal(reason: .unknownSession, message: "session \(sessionID) has ended"))
        }
    }

    /// A failure's kind for the tally: the reason in the protocol's words, without the peer.
    private static func kind(of error: any Error) -> String {
        switch error {
        case let error as MatePairingError: error.reason.rawValue
        case let closed as MateChannelClosed: closed.reason.rawValue
        default: String(describing: type(of: error))
        }
    }

    private func seat(_ sessionID: String, link: TCPMateLink) {
        flushNotices()
        admission.seat(sessionID)
        self.link = link
        self.sessionID = sessionID
    }

    private func vacate() {
        admission.vacate()
    }

    private func currentSession() -> (TCPMateLink, String)? {
        guard let link, let sessionID else { return nil }
        return (link, sessionID)
    }

    /// A fresh random session id: 16 hex digits.
    private static func newSessionID() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension MateHost where Source == TCPListener {
    /// Binds `host:port` (port 0: any free port) for joiners offering `code`.
    package init(
        bind host: String = "127.0.0.1", port: Int = 0, code: String, hostName: String, hostSport: Sport = .running,
        terms: MateTerms, timings: MateTimings = .standard
    ) throws {
        guard let port = UInt16(exactly: port) else {
            throw SocketError(operation: "listen on \(host):\(port)", detail: "port out of range 0...65535")
        }
        self.init(
            source: try TCPListener(host: host, port: port, backlog: MateProtocol.listenBacklog), code: code, hostName: hostName,
            hostSport: hostSport, terms: terms, timings: timings)
    }

    /// Where joiners connect, with the port the kernel chose when asked for port 0.
    package nonisolated var endpoint: TCPEndpoint { source.localEndpoint }
}
