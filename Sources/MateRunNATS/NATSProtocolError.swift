/// Bytes from the server that are not the NATS protocol. After one, the connection is dropped
/// (and redialled): nothing it sends afterwards can be trusted to be framed right.
package enum NATSProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A control line reached `limit` bytes without its line end.
    case controlLineTooLong(limit: Int)
    /// A line that starts with no operation the server may send (shown escaped, cut short).
    case unknownOperation(String)
    /// An operation with the wrong arguments (shown escaped, cut short).
    case malformed(operation: String, line: String)
    /// A message announced more bytes than the client accepts.
    case payloadTooLarge(bytes: Int, limit: Int)
    /// A message's payload was not followed by a line end where its length said it ends.
    case payloadNotTerminated(subject: String)
    /// An `HMSG` header block that is not `NATS/1.0` headers.
    case badHeaders(String)
    /// The server's `INFO` is not the JSON object it must be.
    case badInfo(String)

    package var description: String {
        switch self {
        case .controlLineTooLong(let limit): "control line longer than \(limit) bytes"
        case .unknownOperation(let line): "unknown operation: \(line)"
        case .malformed(let operation, let line): "malformed \(operation): \(line)"
        case .payloadTooLarge(let bytes, let limit): "message of \(bytes) bytes, more than the \(limit) accepted"
        case .payloadNotTerminated(let subject): "message on \(subject) is longer than its announced length"
        case .badHeaders(let detail): "bad message headers: \(detail)"
        case .badInfo(let detail): "bad INFO: \(detail)"
        }
    }

    /// Up to 60 bytes of `bytes` as printable ASCII, other bytes as `\xNN`: safe in a message.
    static func shown(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for byte in bytes.prefix(60) {
            if byte >= 0x20 && byte < 0x7F {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return bytes.count > 60 ? text + "…" : text
    }
}
