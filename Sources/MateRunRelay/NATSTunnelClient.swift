import MateRunCrypto
import MateRunNATS
import MateRunSocket
import Synchronization

/// The dialling end of a tunnel: opens connections carried through NATS to the room's server and
/// hands each back as one end of a local socket pair (`dialer`), so that a client (a mate joiner)
/// talks to the service behind the room as if it had connected to it, and nothing listens.
///
/// It makes a key of its own for the pair, proves the code's secret in every dial without sending
/// it, takes only answers signed by the key whose fingerprint is the room for that very dial, and
/// signs every byte it sends (PROTOCOL.md section 12). A dial refused for a reason a fresh dial
/// could change, or not answered, is dialled again with a new id until the caller's deadline, and
/// `tell` says so. What fails a check is counted in `drops`.
package final class NATSTunnelClient: Sendable {
    package let subjects: NATSTunnelSubjects
    private let code: NATSPairCode
    private let client: NATSClient
    private let key: Ed25519PrivateKey
    private let keyText: String
    private let opened: AsyncStream<NATSTunnelCarriage>
    private let openedSink: AsyncStream<NATSTunnelCarriage>.Continuation
    private let live = Mutex<[String: TCPConnection]>([:])
    private let counter = NATSTunnelDropCounter()
    private let tell: @Sendable (String) -> Void

    /// After a `503` ("no responders", which anyone can forge to an inbox it has seen), how long
    /// a signed answer may still come before the room is taken for unserved.
    static let noRespondersGrace = Duration.seconds(1)

    /// Checks that the host of `code`'s room serves it (a signed `served`); throws
    /// `NATSError.noResponders` when nobody does, `NATSError.timedOut` when nobody signed an answer.
    package init(
        client: NATSClient, code: NATSPairCode, timeout: Duration = .seconds(10), tell: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        self.client = client
        self.code = code
        self.tell = tell
        subjects = NATSTunnelSubjects(room: code.room)
        key = try NATSPairSigning.newKey()
        keyText = Base64URL.encode(key.publicKey.rawBytes)
        (opened, openedSink) = AsyncStream.makeStream(of: NATSTunnelCarriage.self)
        let answer = try await request(headers: nil, binding: .probe, timeout: timeout)
        guard answer == .served else { throw NATSTunnelError.refused(room: code.room, answer: "\(answer)") }
    }

    /// What was dropped so far: forged answers, and forged or replayed messages on any connection.
    package var drops: NATSTunnelDrops { counter.drops }

    /// Dials the room's server: each dial opens a carried connection, while `run()` runs.
    package var dialer: StreamDialer {
        StreamDialer(server: "\(client.options.url) (room \(subjects.room))") { [self] timeout, options in
            try await open(timeout: timeout, options: options)
        }
    }

    /// Carries every connection the dialer opens, until cancelled or drained; later dials throw.
    package func run() async {
        let watching = Task { await closeAllOnDisconnect() }
        await withTaskGroup(of: Void.self) { group in
            for await carriage in opened {
                group.addTask { [self] in await carry(carriage) }
            }
        }
        watching.cancel()
        openedSink.finish()
    }

    /// Opens no more connections and waits, at most `bound`, for the carried ones to end: one
    /// ends once its local end has closed and its last bytes and `Close` are published. So the
    /// mate protocol's last frames (its `finished`, its `bye`) are out before the NATS client closes.
    package func drain(within bound: Duration) async {
        openedSink.finish()
        await NATSTunnelDrain.wait(within: bound) { [self] in live.withLock { $0.isEmpty } }
    }

    /// Asks the room's server for a carried connection, within `timeout`, and returns the local
    /// end the caller talks through, with `options`. Each dial has a third of the time (at least
    /// a second); one refused for a reason a fresh dial could change, or not answered, is followed
    /// by a fresh one while time is left.
    private func open(timeout: Duration, options: TCPConnectionOptions) async throws -> TCPConnection {
        let deadline = ContinuousClock.now + timeout
        let share = max(timeout / 3, Self.shortestDial)
        var dials = 1
        while true {
            let left = deadline - ContinuousClock.now
            do {
                return try await dial(within: min(share, left), options: options)
            } catch let again as DialAgain {
                guard deadline - ContinuousClock.now >= Self.shortestDial, !Task.isCancelled else {
                    throw again.giveUp(room: subjects.room, after: dials, within: timeout)
                }
                tell("the dial into room \(subjects.room) \(again.what); dialling again")
                dials += 1
            }
        }
    }

    /// The least time a dial is given: a host answers at once, but a loaded NATS server may not.
    static let shortestDial = Duration.seconds(1)

    /// Why one dial gave no connection, when another could: the error to give up with.
    private struct DialAgain: Error {
        let what: String
        let underlying: any Error

        func giveUp(room: String, after dials: Int, within timeout: Duration) -> any Error {
            dials == 1 ? underlying : NATSError.timedOut("a connection through room \(room) (\(dials) dials in \(timeout), the last \(what))")
        }
    }

    /// One dial of a new connection id, answered within `timeout`.
    private func dial(within timeout: Duration, options: TCPConnectionOptions) async throws -> TCPConnection {
        let id = NATSTunnelID.random()
        let inbound = try client.subscribe(subjects.toClient(id))
        do {
            let headers = try NATSTunnelDial.requestHeaders(room: code.room, id: id, key: key, secret: code.secret)
            let answer: NATSTunnelDial.Answer
            do {
                answer = try await request(headers: headers, binding: NATSTunnelDial.Binding(headers), timeout: timeout)
            } catch let error as NATSError {
                // The host may have opened it after all: it is told to close it at once.
                abandon(id)
                throw DialAgain(what: "was not answered in \(timeout)", underlying: error)
            }
            guard case .ok(let hostKey) = answer else {
                let refused = NATSTunnelError.refused(room: subjects.room, answer: "\(answer)")
                if answer.isFinal { throw refused }
                throw DialAgain(what: "was refused (\(answer))", underlying: refused)
            }
            let (carried, handed) = try TCPConnection.pair(
                remote: client.options.url.endpoint, options: NATSTunnelPipe.localOptions, otherOptions: options)
            let carriage = NATSTunnelCarriage(id: id, local: carried, inbound: inbound, hostKey: hostKey)
            // Live from now on, not from when `run()` takes it: a drain must wait for it.
            live.withLock { $0[id] = carried }
            guard case .enqueued = openedSink.yield(carriage) else {
                _ = live.withLock { $0.removeValue(forKey: id) }
                carried.abort()
                handed.abort()
                throw NATSTunnelError.closed(room: subjects.room)
            }
            return handed
        } catch {
            inbound.unsubscribe()
            throw error
        }
    }

    /// Ends connection `id` from this side before any byte (a signed `Close` as its first
    /// message), so that a host that opened it for a dial whose answer never came frees it now.
    private func abandon(_ id: String) {
        let subject = subjects.toServer(id)
        guard let headers = try? NATSTunnelPipe.headers(on: subject, seq: 1, close: true, payload: [], key: key) else { return }
        try? client.publish(subject, payload: [], headers: headers)
    }

    /// Publishes a dial (or, without headers, a probe) to the room with a reply inbox of its own
    /// and waits for the host's signed answer. Answers that fail the check are counted and
    /// skipped; a `503` is believed only when no signed answer follows within the grace.
    private func request(headers: NATSHeaders?, binding: NATSTunnelDial.Binding, timeout: Duration) async throws
        -> NATSTunnelDial.Answer
    {
        let inbox = try client.subscribe("_INBOX.\(NATSClient.randomToken())")
        let deadline = ContinuousClock.now + timeout
        let timer = Task {
            try? await Task.sleep(until: deadline)
            inbox.unsubscribe()
        }
        defer {
            timer.cancel()
            inbox.unsubscribe()
        }
        try client.publish(subjects.dial, payload: [], replyTo: inbox.subject, headers: headers)
        var noResponders: Task<Void, Never>?
        defer { noResponders?.cancel() }
        for await message in inbox.messages {
            if message.headers?.status == 503, message.payload.isEmpty {
                if noResponders == nil {
                    noResponders = Task {
                        try? await Task.sleep(for: Self.noRespondersGrace)
                        inbox.unsubscribe()
                    }
                }
                continue
            }
            guard let answer = NATSTunnelDial.answer(message, room: code.room, to: binding) else {
                counter.count(.badSignature)
                continue
            }
            return answer
        }
        if noResponders != nil { throw NATSError.noResponders(subject: subjects.dial) }
        throw NATSError.timedOut("a signed answer from the host of room \(code.room)")
    }

    private func carry(_ carriage: NATSTunnelCarriage) async {
        let pipe = NATSTunnelPipe(
            client: client, outbound: subjects.toServer(carriage.id), inbound: carriage.inbound, ownKey: key,
            peerKey: carriage.hostKey, drops: counter)
        await pipe.run(local: carriage.local)
        _ = live.withLock { $0.removeValue(forKey: carriage.id) }
    }

    private func closeAllOnDisconnect() async {
        for await event in client.events {
            guard case .disconnected = event else { continue }
            live.withLock { $0.values.forEach { $0.close() } }
        }
    }
}

/// A connection the dialer opened, on its way to `run()` to be carried.
struct NATSTunnelCarriage: Sendable {
    let id: String
    /// The tunnel's end of the local pair, whose bytes go through NATS.
    let local: TCPConnection
    /// The far side's bytes for this connection.
    let inbound: NATSSubscription
    /// The host's key, which signed the answer and must sign every byte received.
    let hostKey: Ed25519PublicKey
}
