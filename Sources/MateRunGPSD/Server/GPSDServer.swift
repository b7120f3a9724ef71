import MateRunDomain
import MateRunSocket
import Synchronization

/// A TCP server that speaks gpsd's JSON protocol, so that an app under test, gpspipe, cgps or
/// Python's `gps` module connects to materun as to gpsd: `VERSION` on connect, `?WATCH`,
/// `?POLL`, `?VERSION`, `?DEVICES` answered (`GPSDServerSession`), then TPV and SKY (or NMEA
/// sentences) each epoch to every watching client.
///
/// Bounded like the NMEA server (`TCPBroadcaster`): at most `maxClients` (one more is accepted
/// and closed), a client that leaves more than `maxQueuedBytes` unread is dropped, one that
/// sends a line over 4 KB or floods is closed, and the sender never waits for anyone. Commands
/// that are not gpsd's are answered with gpsd's ERROR and counted (`refusedCommands`).
package final class GPSDServer: Sendable {
    package let localEndpoint: TCPEndpoint
    private let listener: TCPListener
    private let maxClients: Int
    private let maxQueuedBytes: Int
    private let device: GPSDReports.Device
    private let clients = Mutex<[ObjectIdentifier: (connection: TCPConnection, session: GPSDServerSession)]>([:])
    private let latest = Mutex<ReceiverFixReport?>(nil)
    private let refused = Mutex(0)
    private let acceptor = Mutex<Task<Void, Never>?>(nil)

    /// Listens on `host`:`port` (0: any free port) and starts accepting.
    package init(
        host: String, port: UInt16, device: GPSDReports.Device, maxClients: Int = 8, maxQueuedBytes: Int = 64 * 1024
    ) throws(SocketError) {
        listener = try TCPListener(host: host, port: port)
        localEndpoint = listener.localEndpoint
        self.device = device
        self.maxClients = maxClients
        self.maxQueuedBytes = maxQueuedBytes
        let task = Task { [self] in await acceptClients() }
        acceptor.withLock { $0 = task }
    }

    package var clientCount: Int { clients.withLock { $0.count } }

    /// Commands refused so far (not gpsd's, or malformed), over every client.
    package var refusedCommands: Int { refused.withLock { $0 } }

    /// Sends an epoch to every watching client without waiting; drops those too far behind.
    package func publish(_ report: ReceiverFixReport) {
        latest.withLock { $0 = report }
        let slow = clients.withLock { clients -> [TCPConnection] in
            var slow: [TCPConnection] = []
            for (key, client) in clients {
                if client.connection.queuedByteCount > maxQueuedBytes {
                    slow.append(client.connection)
                    clients.removeValue(forKey: key)
                    continue
                }
                let text = client.session.epoch(report)
                if !text.isEmpty { client.connection.enqueue(Array(text.utf8)) }
            }
            return slow
        }
        slow.forEach { $0.close() }
    }

    /// Stops accepting and closes every client (bytes already sent still reach them).
    package func close() {
        acceptor.withLock { $0?.cancel() }
        listener.close()
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return clients.values.map(\.connection)
        }
        all.forEach { $0.close() }
    }

    private func acceptClients() async {
        // A watching client may stay silent for as long as it likes; a line is a few commands.
        let options = TCPConnectionOptions(
            idleTimeout: .seconds(7 * 24 * 3600), maxFrameBytes: 4096,
            rateLimit: TCPRateLimit(bytesPerSecond: 64 * 1024, framesPerSecond: 200))
        while !Task.isCancelled {
            guard let client = try? await listener.accept(options: options) else { return }
            let key = ObjectIdentifier(client)
            let session = GPSDServerSession(device: device)
            let admitted = clients.withLock { clients in
                guard clients.count < maxClients else { return false }
                clients[key] = (client, session)
                return true
            }
            guard admitted else {
                client.close()
                continue
            }
            client.enqueue(Array(session.greeting.utf8))
            Task { [self] in
                do {
                    for try await line in client.frames { answer(line, from: key) }
                } catch {}
                _ = clients.withLock { $0.removeValue(forKey: key) }
                client.close()
            }
        }
    }

    private func answer(_ line: [UInt8], from key: ObjectIdentifier) {
        let latest = latest.withLock { $0 }
        clients.withLock { clients in
            guard var client = clients[key] else { return }
            let before = client.session.refused
            let reply = client.session.take(line: line, latest: latest)
            let newlyRefused = client.session.refused - before
            clients[key] = client
            if newlyRefused > 0 { refused.withLock { $0 += newlyRefused } }
            if !reply.isEmpty { client.connection.enqueue(Array(reply.utf8)) }
        }
    }
}
