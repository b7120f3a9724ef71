import MateRunJSON
import MateRunScenarios
import MateRunSocket
import Synchronization

/// `--control ADDR:PORT`: a plain TCP line protocol that steers the replay from a script
/// (PROTOCOL.md, section 13): one JSON object a line in, one answer line out for each.
///
/// Bounded like every socket of materun: at most `maxClients` at once (one more is accepted and
/// closed), a line of at most 1 KB, at most 50 lines a second, a client that leaves more than
/// 64 KB of answers unread is closed; a line that is no command is answered with why and
/// counted (`refusedLines`), never acted on.
final class ControlServer: Sendable {
    static let maxClients = 4
    let localEndpoint: TCPEndpoint
    private let listener: TCPListener
    private let helm: ReplayHelm
    private let clients = Mutex<[ObjectIdentifier: TCPConnection]>([:])
    private let refused = Mutex(0)
    private let acceptor = Mutex<Task<Void, Never>?>(nil)

    init(serving endpoint: TCPEndpoint, helm: ReplayHelm) throws(SocketError) {
        listener = try TCPListener(host: endpoint.host, port: endpoint.port)
        localEndpoint = listener.localEndpoint
        self.helm = helm
        let task = Task { [self] in await acceptClients() }
        acceptor.withLock { $0 = task }
    }

    /// Lines refused so far, over every client.
    var refusedLines: Int { refused.withLock { $0 } }

    func close() {
        acceptor.withLock { $0?.cancel() }
        listener.close()
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        all.forEach { $0.close() }
    }

    private func acceptClients() async {
        let options = TCPConnectionOptions(
            idleTimeout: .seconds(24 * 3600), maxFrameBytes: 1024, rateLimit: TCPRateLimit(bytesPerSecond: 16 * 1024, framesPerSecond: 50))
        while !Task.isCancelled {
            guard let client = try? await listener.accept(options: options) else { return }
            let key = ObjectIdentifier(client)
            let admitted = clients.withLock { clients in
                guard clients.count < Self.maxClients else { return false }
                clients[key] = client
                return true
            }
            guard admitted else {
                client.close()
                continue
            }
            Task { [self] in
                do {
                    for try await line in client.frames { answer(line, on: client) }
                } catch {}
                _ = clients.withLock { $0.removeValue(forKey: key) }
                client.close()
            }
        }
    }

    private func answer(_ line: [UInt8], on client: TCPConnection) {
        guard client.queuedByteCount <= 64 * 1024 else {
            client.close()
            return
        }
        let reply: String
        switch ControlRequest.command(line) {
        case .success(let command):
            reply = helm.steer(command, from: "control")
        case .failure(let refusal):
            refused.withLock { $0 += 1 }
            reply = JSONText.text(.object([("ok", .bool(false)), ("error", .string(refusal.description))]))
        }
        client.enqueue(Array((reply + "\n").utf8))
    }
}
