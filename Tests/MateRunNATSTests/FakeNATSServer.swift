import MateRunNATS
import MateRunSocket
import MateRunTestSupport

/// A NATS server played by the test, one line at a time, to send what a real one never would:
/// lengths that lie, garbage, `-ERR`, silence.
final class FakeNATSServer: Sendable {
    let listener: TCPListener

    init() throws {
        listener = try TCPListener(host: "127.0.0.1", port: 0)
    }

    var url: NATSURL { NATSURL(endpoint: listener.localEndpoint) }

    static let chunked: TCPConnectionOptions = {
        var options = TCPConnectionOptions(idleTimeout: .seconds(60), maxFrameBytes: 1)
        options.framing = .chunks
        return options
    }()

    static let info = "INFO {\"server_id\":\"fake\",\"version\":\"0\",\"headers\":true,\"max_payload\":1048576}\r\n"

    /// Accepts the next client.
    func accept() async throws -> FakeClientConnection {
        let options = Self.chunked
        return FakeClientConnection(try await withTimeout { try await self.listener.accept(options: options) })
    }

    /// Accepts a client and plays the handshake: INFO, then PONG to its PING.
    func acceptAndGreet(info: String = FakeNATSServer.info) async throws -> FakeClientConnection {
        let client = try await accept()
        try await withTimeout {
            try await client.send(info)
            _ = try await client.line(startingWith: "CONNECT")
            _ = try await client.line(startingWith: "PING")
            try await client.send("PONG\r\n")
        }
        return client
    }
}

/// The server's end of one client connection: lines in, raw text out. A task splits what the
/// client sends into lines as it arrives.
final class FakeClientConnection: Sendable {
    let connection: TCPConnection
    private let lines: AsyncStream<String>

    init(_ connection: TCPConnection) {
        self.connection = connection
        let (lines, sink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        Task {
            var pending: [UInt8] = []
            do {
                for try await chunk in connection.frames {
                    pending += chunk
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        var line = Array(pending[..<newline])
                        pending.removeFirst(newline + 1)
                        if line.last == UInt8(ascii: "\r") { line.removeLast() }
                        sink.yield(String(decoding: line, as: UTF8.self))
                    }
                }
            } catch {}
            sink.finish()
        }
    }

    func send(_ text: String) async throws {
        try await connection.send(Array(text.utf8))
    }

    /// The next line from the client (without its CR LF); nil when it closed.
    func line() async -> String? {
        var iterator = lines.makeAsyncIterator()
        return await iterator.next()
    }

    /// Skips lines until one starts with `prefix` (answering PINGs on the way).
    func line(startingWith prefix: String) async throws -> String {
        while true {
            guard let line = await line() else { throw FakeServerError.clientClosed(waitingFor: prefix) }
            if line.hasPrefix(prefix) { return line }
            if line == "PING" { try await send("PONG\r\n") }
        }
    }
}

enum FakeServerError: Error {
    case clientClosed(waitingFor: String)
}
