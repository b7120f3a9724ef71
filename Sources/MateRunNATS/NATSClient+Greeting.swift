import MateRunSocket
import MateRunTLS

/// The start of every connection, before the client says anything: the server's `INFO`, read
/// in the clear, tells whether it requires TLS; if so (or if the URL says `tls://`), the socket
/// is encrypted there, and the CONNECT goes through TLS. The `INFO` is handed on to the reader.
extension NATSClient {
    /// The most an `INFO` line may take (a cluster's lists of URLs make it long).
    static let greetingLimit = 64 * 1024

    /// Runs on the connecting thread (`TCPConnection.connect(…, prelude:)`).
    func greet(_ socket: BlockingSocket, url: NATSURL) throws -> ConnectionPreludeOutcome {
        let greeting = try socket.read(through: [0x0D, 0x0A], limit: Self.greetingLimit, for: "the server's INFO")
        let info = Self.info(in: greeting)
        guard Self.encrypts(url: url, info: info) else {
            return ConnectionPreludeOutcome(stream: socket.plain, alreadyRead: greeting)
        }
        let server = socket.remote.description
        guard let info else {
            throw NATSError.protocolViolation(.malformed(operation: "INFO", line: "the server did not start with INFO"))
        }
        guard info.tlsRequired || info.tlsAvailable else {
            throw NATSError.tls(.handshake(server: server, detail: "the URL says tls:// but the NATS server offers no TLS"))
        }
        do {
            let stream = try tlsContext().handshake(on: socket, host: url.endpoint.host)
            return ConnectionPreludeOutcome(stream: stream, alreadyRead: greeting)
        } catch let error as TLSError {
            throw NATSError.tls(error)
        }
    }

    /// Whether the connection is encrypted: the URL insists, or the server requires it.
    static func encrypts(url: NATSURL, info: NATSServerInfo?) -> Bool {
        url.requiresTLS || info?.tlsRequired == true
    }

    /// The `INFO` of the greeting's first line; nil when it is not one (the reader says why).
    private static func info(in greeting: [UInt8]) -> NATSServerInfo? {
        let prefix = Array("INFO".utf8)
        guard greeting.count > prefix.count, greeting[0..<prefix.count].map({ $0 & 0xDF }) == prefix,
            let end = greeting.firstIndex(of: 0x0D)
        else { return nil }
        let json = greeting[prefix.count..<end].drop { $0 == 0x20 || $0 == 0x09 }
        return try? NATSServerInfo.decode(json)
    }

    /// The client's TLS context, made from `options.tls` the first time a connection is encrypted
    /// and kept for the redials.
    private func tlsContext() throws(TLSError) -> TLSClientContext {
        try tls.withLock { (context: inout TLSClientContext?) throws(TLSError) -> TLSClientContext in
            if let context { return context }
            let made = try TLSClientContext(options.tls)
            context = made
            return made
        }
    }
}
