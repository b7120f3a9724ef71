import MateRunNATS
import MateRunSocket
import Synchronization

/// The dialling end of a tunnel: opens connections carried through NATS to the room's server and
/// hands each back as one end of a local socket pair (`dialer`), so that a client (a mate joiner)
/// talks to the service behind the room as if it had connected to it, and nothing listens.
package final class NATSTunnelClient: Sendable {
    package let subjects: NATSTunnelSubjects
    private let client: NATSClient
    private let opened: AsyncStream<NATSTunnelCarriage>
    private let openedSink: AsyncStream<NATSTunnelCarriage>.Continuation
    private let live = Mutex<[String: TCPConnection]>([:])

    /// Checks that someone serves `room` (throws `NATSError.noResponders` when nobody does).
    package init(client: NATSClient, room: String) async throws(NATSError) {
        self.client = client
        subjects = NATSTunnelSubjects(room: room)
        (opened, openedSink) = AsyncStream.makeStream(of: NATSTunnelCarriage.self)
        _ = try await client.request(subjects.dial, payload: [], timeout: .seconds(10))
    }

    /// Dials the room's server: each dial opens a carried connection, while `run()` runs.
    package var dialer: StreamDialer {
        StreamDialer(server: "\(client.options.url) (room \(subjects.room))") { [self] timeout, options in
            try await open(timeout: timeout, options: options)
        }
    }

    /// Carries every connection the dialer opens, until cancelled; later dials throw.
    package func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await closeAllOnDisconnect() }
            for await carriage in opened {
                group.addTask { [self] in await carry(carriage) }
            }
            group.cancelAll()
        }
        openedSink.finish()
    }

    /// Asks the room's server for a carried connection, within `timeout`, and returns the local
    /// end the caller talks through, with `options`.
    private func open(timeout: Duration, options: TCPConnectionOptions) async throws -> TCPConnection {
        let id = NATSTunnelID.random()
        let inbound = try client.subscribe(subjects.toClient(id))
        do {
            let answer = try await client.request(subjects.dial, payload: Array(id.utf8), timeout: timeout)
            guard answer.payload == Array("ok".utf8) else {
                throw NATSTunnelError.refused(room: subjects.room, answer: String(decoding: answer.payload, as: UTF8.self))
            }
            let (carried, handed) = try TCPConnection.pair(
                remote: client.options.url.endpoint, options: NATSTunnelPipe.localOptions, otherOptions: options)
            guard case .enqueued = openedSink.yield(NATSTunnelCarriage(id: id, local: carried, inbound: inbound)) else {
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

    private func carry(_ carriage: NATSTunnelCarriage) async {
        live.withLock { $0[carriage.id] = carriage.local }
        await NATSTunnelPipe.run(
            local: carriage.local, client: client, outbound: subjects.toServer(carriage.id), inbound: carriage.inbound)
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
}
