import MateRunNATS
import MateRunSocket
import Synchronization

/// The dialling end of a tunnel: a listener on 127.0.0.1 whose every connection is carried
/// through NATS to the room's server. A program that connects to `localEndpoint` talks to the
/// service behind the room as if it had connected to it.
package final class NATSTunnelClient: Sendable {
    package let subjects: NATSTunnelSubjects
    private let client: NATSClient
    private let listener: TCPListener
    private let live = Mutex<[String: TCPConnection]>([:])

    /// Checks that someone serves `room` (throws `NATSError.noResponders` when nobody does) and
    /// opens the local listener.
    package init(client: NATSClient, room: String) async throws {
        self.client = client
        subjects = NATSTunnelSubjects(room: room)
        _ = try await client.request(subjects.dial, payload: [], timeout: .seconds(10))
        listener = try TCPListener(host: "127.0.0.1", port: 0)
    }

    /// Where the local program connects.
    package var localEndpoint: TCPEndpoint { listener.localEndpoint }

    /// Carries every local connection until cancelled.
    package func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await closeAllOnDisconnect() }
            while !Task.isCancelled {
                guard let local = try? await listener.accept(options: NATSTunnelPipe.localOptions) else { break }
                group.addTask { [self] in await carry(local) }
            }
            group.cancelAll()
        }
        listener.close()
    }

    private func carry(_ local: TCPConnection) async {
        let id = NATSTunnelID.random()
        let inbound: NATSSubscription
        do {
            inbound = try client.subscribe(subjects.toClient(id))
            let answer = try await client.request(subjects.dial, payload: Array(id.utf8), timeout: .seconds(10))
            guard answer.payload == Array("ok".utf8) else {
                inbound.unsubscribe()
                local.close()
                return
            }
        } catch {
            local.close()
            return
        }
        live.withLock { $0[id] = local }
        await NATSTunnelPipe.run(local: local, client: client, outbound: subjects.toServer(id), inbound: inbound)
        _ = live.withLock { $0.removeValue(forKey: id) }
    }

    private func closeAllOnDisconnect() async {
        for await event in client.events {
            guard case .disconnected = event else { continue }
            live.withLock { $0.values.forEach { $0.close() } }
        }
    }
}
