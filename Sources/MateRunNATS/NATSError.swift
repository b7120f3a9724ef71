import MateRunSocket
import MateRunTLS

/// Why a NATS client call failed, with enough context to tell a person what to do.
package enum NATSError: Error, Sendable, CustomStringConvertible {
    /// The server could not be reached or the connection failed.
    case connection(String)
    /// The NKEY or `.creds` could not answer the server's nonce.
    case credentials(NATSCredentialsError)
    /// The connection could not be encrypted, or the server's certificate is not trusted.
    case tls(TLSError)
    /// The server answered with `-ERR`.
    case server(NATSServerError)
    /// The server sent something that is not the protocol.
    case protocolViolation(NATSProtocolError)
    /// A subject (or queue group) the protocol cannot carry.
    case invalidSubject(String)
    /// A message larger than the server's `max_payload`.
    case payloadTooLarge(bytes: Int, limit: Int)
    /// The server said in its `INFO` that it takes no headers, and the message had some.
    case headersUnsupported
    /// More bytes are waiting for a slow or absent server than the outbox may hold; this one
    /// was not queued.
    case outboxFull(limitBytes: Int)
    /// No answer within the time given.
    case timedOut(String)
    /// A request found nobody subscribed to its subject.
    case noResponders(subject: String)
    /// The client was closed.
    case closed

    package var description: String {
        switch self {
        case .connection(let detail): detail
        case .credentials(let error): error.description
        case .tls(let error): error.description
        case .server(let error): error.description
        case .protocolViolation(let error): "nats-server broke the protocol: \(error)"
        case .invalidSubject(let subject): "invalid NATS subject: \(NATSProtocolError.shown(Array(subject.utf8)))"
        case .payloadTooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the server's max_payload of \(limit)"
        case .headersUnsupported: "the NATS server takes no message headers (it is older than 2.2)"
        case .outboxFull(let limit): "more than \(limit) bytes are waiting for the NATS server; message dropped"
        case .timedOut(let what): "timed out: \(what)"
        case .noResponders(let subject): "no responders on \(subject)"
        case .closed: "the NATS client is closed"
        }
    }
}
