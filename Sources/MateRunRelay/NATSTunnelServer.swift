import MateRunCrypto
import MateRunNATS
import MateRunSocket
import Synchronization

/// The serving end of a tunnel: answers dial requests in its room by connecting to `listener`, the
/// `SocketPairListener` a local service (a mate host) accepts from, and piping the bytes through
/// NATS. Both ends dial out to the NATS server and nothing listens: the service is reachable only
/// through the room, and names each connection's peer as the NATS server it came through.
///
/// It holds the pair's host key: its fingerprint is the room, it signs every answer and every
/// byte sent, and only a dial that proves the code's secret (PROTOCOL.md section 12.3) opens a
/// connection, once per connection id. A copy of a dial already taken (replayed, delayed,
/// duplicated) is the same attempt: it opens nothing and gets no answer, so it can neither use up
/// the joiner's dial nor answer it. What fails a check is counted in `drops`.
package final class NATSTunnelServer: Sendable {
    package let subjects: NATSTunnelSubjects
    /// The code to give the joiner: the room and the secret.
    package let code: NATSPairCode
    private let client: NATSClient
    private let listener: SocketPairListener
    private let key: Ed25519PrivateKey
    private let live = Mutex<[String: TCPConnection]>([:])
    /// Connection ids already dialled, with the dial that took each: a replayed dial opens nothing.
    private let usedIDs = Mutex<[String: NATSTunnelDial.Binding]>([:])
    private let counter = NATSTunnelDropCounter()
    private let answerBudget = Mutex(NATSTunnelAnswerBudget())

    /// A tunnel with a new host key and a new secret, for joiners through `client`.
    package init(client: NATSClient, listener: SocketPairListener) throws(CryptoError) {
        key = try NATSPairSigning.newKey()
        code = NATSPairCode(room: try NATSPairCode.room(of: key.publicKey), secret: try NATSPairCode.randomSecret())
        self.client = client
        subjects = NATSTunnelSubjects(room: code.room)
        self.listener = listener
    }

    /// What was dropped so far: refused dials, and forged or replayed messages on any connection.
    package var drops: NATSTunnelDrops { counter.drops }

    /// Subscribes to the room's dial requests; call before telling anyone the code.
    package func open() async throws(NATSError) -> NATSSubscription {
        let dials = try client.subscribe(subjects.dial)
        try await client.flush()
        return dials
    }

    /// Serves dial requests until cancelled.
    package func run(_ dials: NATSSubscription) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await closeAllOnDisconnect() }
            for await request in dials.messages {
                guard let replyTo = request.replyTo else {
                    counter.count(.refusedDial)
                    continue
                }
                if NATSTunnelDial.isProbe(request) {
                    if withinBudget() { answer(replyTo, to: .probe, "served") }
                    continue
                }
                switch admit(request) {
                case .admitted(let dial):
                    group.addTask { [self] in await carry(dial, replyTo: replyTo) }
                case .again:
                    counter.count(.replayed)
                case .refused(let refusal):
                    refuse(replyTo, request, refusal)
                }
            }
            group.cancelAll()
        }
    }

    /// What a dial on the room's subject is to the host.
    private enum Admission {
        /// A new dial that passed every check: its id is taken.
        case admitted(NATSTunnelDial.Request)
        /// The very dial that took its id already, again: the same attempt.
        case again
        case refused(NATSTunnelDial.Refusal)
    }

    /// Checks a dial and takes its id: each id opens one connection, ever.
    private func admit(_ request: NATSMessage) -> Admission {
        switch NATSTunnelDial.check(request.headers, room: subjects.room, secret: code.secret) {
        case .failure(let refusal):
            return .refused(refusal)
        case .success(let dial):
            return usedIDs.withLock { used in
                guard let taken = used[dial.id] else {
                    used[dial.id] = dial.binding
                    return .admitted(dial)
                }
                return taken == dial.binding ? .again : .refused(.usedID)
            }
        }
    }

    private func refuse(_ replyTo: String, _ request: NATSMessage, _ refusal: NATSTunnelDial.Refusal) {
        counter.count(.refusedDial)
        guard withinBudget() else { return }
        answer(replyTo, to: NATSTunnelDial.Binding(request.headers), "refused", reason: refusal.rawValue)
    }

    /// Whether a probe or a refusal may be answered now (`NATSTunnelAnswerBudget`).
    private func withinBudget() -> Bool {
        answerBudget.withLock { $0.take(now: .now) }
    }

    private func answer(_ replyTo: String, to binding: NATSTunnelDial.Binding, _ answer: String, reason: String = "") {
        guard let headers = try? NATSTunnelDial.answerHeaders(room: subjects.room, to: binding, answer: answer, reason: reason, hostKey: key)
        else { return }
        try? client.publish(replyTo, payload: [], headers: headers)
    }

    private func carry(_ dial: NATSTunnelDial.Request, replyTo: String) async {
        guard let (inbound, local) = await connect(dial.id) else {
            counter.count(.refusedDial)
            answer(replyTo, to: dial.binding, "refused", reason: NATSTunnelDial.Refusal.unavailable.rawValue)
            return
        }
        answer(replyTo, to: dial.binding, "ok")
        live.withLock { $0[dial.id] = local }
        let pipe = NATSTunnelPipe(
            client: client, outbound: subjects.toClient(dial.id), inbound: inbound, ownKey: key, peerKey: dial.joinerKey, drops: counter)
        await pipe.run(local: local)
        _ = live.withLock { $0.removeValue(forKey: dial.id) }
    }

    /// Subscribes to connection `id`'s inbound bytes (and makes sure the server has the
    /// subscription before the dialler is told `ok`), and connects to the local service; nil,
    /// with nothing left open, when either fails.
    private func connect(_ id: String) async -> (NATSSubscription, TCPConnection)? {
        guard let inbound = try? client.subscribe(subjects.toServer(id)) else { return nil }
        do {
            try await client.flush()
            return (inbound, try listener.connect(from: client.options.url.endpoint, options: NATSTunnelPipe.localOptions))
        } catch {
            inbound.unsubscribe()
            return nil
        }
    }

    /// Waits, at most `bound`, for the carried connections to end (see `NATSTunnelClient.drain`),
    /// so that the host's last frames are out before the NATS client closes. Call before
    /// cancelling `run`.
    package func drain(within bound: Duration) async {
        await NATSTunnelDrain.wait(within: bound) { [self] in live.withLock { $0.isEmpty } }
    }

    /// A NATS connection that dropped may have lost bytes in flight: every carried connection is
    /// closed, and the dialling side comes back on a new one.
    private func closeAllOnDisconnect() async {
        for await event in client.events {
            guard case .disconnected = event else { continue }
            live.withLock { $0.values.forEach { $0.close() } }
        }
    }
}

/// Ids of carried connections: 16 random letters and digits, one subject token.
enum NATSTunnelID {
    static func random() -> String { NATSClient.randomToken(length: 16) }

    static func isValid(_ id: String) -> Bool {
        id.utf8.count == 16 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
    }
}
