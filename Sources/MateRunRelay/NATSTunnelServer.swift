import MateRunNATS
import MateRunSocket
import Synchronization

/// The serving end of a tunnel: answers dial requests in its room by connecting to `listener`, the
/// `SocketPairListener` a local service (a mate host) accepts from, and piping the bytes through
/// NATS. Both ends dial out to the NATS server and nothing listens: the service is reachable only
/// through the room, and names each connection's peer as the NATS server it came through.
package final class NATSTunnelServer: Sendable {
    package let subjects: NATSTunnelSubjects
    private let client: NATSClient
    private let listener: SocketPairListener
    private let live = Mutex<[String: TCPConnection]>([:])

    package init(client: NATSClient, room: String, listener: SocketPairListener) {
        self.client = client
        subjects = NATSTunnelSubjects(room: room)
        self.listener = listener
    }

    /// Subscribes to the room's dial requests; call before telling anyone the room.
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
                guard let replyTo = request.replyTo else { continue }
                let id = String(decoding: request.payload, as: UTF8.self)
                guard NATSTunnelID.isValid(id) else {
                    // A probe (empty payload): the room is served.
                    try? client.publish(replyTo, payload: Array("ok".utf8))
                    continue
                }
                group.addTask { [self] in await carry(id: id, replyTo: replyTo) }
            }
            group.cancelAll()
        }
    }

    private func carry(id: String, replyTo: String) async {
        guard let (inbound, local) = await connect(id) else {
            try? client.publish(replyTo, payload: Array("refused".utf8))
            return
        }
        do {
            try client.publish(replyTo, payload: Array("ok".utf8))
        } catch {
            local.close()
            inbound.unsubscribe()
            return
        }
        live.withLock { $0[id] = local }
        await NATSTunnelPipe.run(local: local, client: client, outbound: subjects.toClient(id), inbound: inbound)
        _ = live.withLock { $0.removeValue(forKey: id) }
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
