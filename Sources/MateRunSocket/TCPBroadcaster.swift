import Synchronization

/// A TCP server that sends the same bytes to every connected client: a feed that clients join
/// and leave as they like, which never waits for any of them.
///
/// At most `maxClients` are served (one more is accepted and closed at once); a client that
/// leaves more than `maxQueuedBytes` unread is dropped, so a slow reader costs bounded memory and
/// never slows the sender. What clients send is read and ignored.
package final class TCPBroadcaster: Sendable {
    package let localEndpoint: TCPEndpoint
    private let listener: TCPListener
    private let maxClients: Int
    private let maxQueuedBytes: Int
    private let clients = Mutex<[ObjectIdentifier: TCPConnection]>([:])
    private let acceptor = Mutex<Task<Void, Never>?>(nil)

    /// Listens on `host`:`port` (0: any free port) and starts accepting.
    package init(host: String, port: UInt16, maxClients: Int = 8, maxQueuedBytes: Int = 64 * 1024) throws(SocketError) {
        listener = try TCPListener(host: host, port: port)
        localEndpoint = listener.localEndpoint
        self.maxClients = maxClients
        self.maxQueuedBytes = maxQueuedBytes
        let task = Task { [self] in await acceptClients() }
        acceptor.withLock { $0 = task }
    }

    /// How many clients are connected now.
    package var clientCount: Int { clients.withLock { $0.count } }

    /// Sends `bytes` to every client without waiting; drops those too far behind.
    package func broadcast(_ bytes: [UInt8]) {
        let slow = clients.withLock { clients -> [TCPConnection] in
            var slow: [TCPConnection] = []
            for (key, client) in clients {
                if client.queuedByteCount > maxQueuedBytes {
                    slow.append(client)
                    clients.removeValue(forKey: key)
                } else {
                    client.enqueue(bytes)
                }
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
            return Array(clients.values)
        }
        all.forEach { $0.close() }
    }

    private func acceptClients() async {
        // Clients are readers: they may stay silent for as long as they like.
        let options = TCPConnectionOptions(idleTimeout: .seconds(7 * 24 * 3600), maxFrameBytes: 4096)
        while !Task.isCancelled {
            guard let client = try? await listener.accept(options: options) else { return }
            let key = ObjectIdentifier(client)
            let admitted = clients.withLock { clients in
                guard clients.count < maxClients else { return false }
                clients[key] = client
                return true
            }
            guard admitted else {
                client.close()
                continue
            }
            Task { [self] in
                // What a client sends is not read for meaning; its stream ends, one way or the
                // other, when the client goes.
                do {
                    for try await _ in client.frames {}
                } catch {}
                _ = clients.withLock { $0.removeValue(forKey: key) }
                client.close()
            }
        }
    }
}
