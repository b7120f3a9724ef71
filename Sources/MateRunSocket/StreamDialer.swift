/// How a client reaches its server, whatever carries the bytes: a TCP endpoint (`tcp(_:)`), or a
/// relay that opens a carried connection and hands back one end of a local socket pair. It exists
/// so that a protocol's client (the mate joiner, its redials) dials the same way over any transport.
package struct StreamDialer: Sendable {
    /// The server as messages name it, e.g. `127.0.0.1:5000`.
    package let server: String
    private let open: @Sendable (_ timeout: Duration, _ options: TCPConnectionOptions) async throws -> TCPConnection

    /// A dialer that calls `open` with the bound on the attempt and the connection's options.
    package init(
        server: String, open: @escaping @Sendable (_ timeout: Duration, _ options: TCPConnectionOptions) async throws -> TCPConnection
    ) {
        self.server = server
        self.open = open
    }

    /// Dials `endpoint` over TCP.
    package static func tcp(_ endpoint: TCPEndpoint) -> StreamDialer {
        StreamDialer(server: endpoint.description) { timeout, options in
            try await TCPConnection.connect(to: endpoint, timeout: timeout, options: options)
        }
    }

    /// Opens a connection, giving up after `timeout`.
    package func dial(timeout: Duration, options: TCPConnectionOptions) async throws -> TCPConnection {
        try await open(timeout, options)
    }
}
