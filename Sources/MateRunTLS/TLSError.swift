/// Why a TLS connection could not be made, in words that say what to fix. No case carries a
/// key or a password: file paths and OpenSSL's reasons only.
package enum TLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// OpenSSL 3 could not be loaded.
    case library(String)
    /// A CA, certificate or key file could not be used.
    case configuration(String)
    /// The server's certificate was not trusted; `reason` is OpenSSL's verification failure.
    case certificateRefused(server: String, reason: String)
    /// The handshake failed for another reason (no TLS there, no common protocol, a closed peer).
    case handshake(server: String, detail: String)

    package var description: String {
        switch self {
        case .library(let detail): "TLS is unavailable: \(detail)"
        case .configuration(let detail): "TLS configuration: \(detail)"
        case .certificateRefused(let server, let reason): "TLS: the certificate of \(server) is not trusted: \(reason)"
        case .handshake(let server, let detail): "TLS handshake with \(server) failed: \(detail)"
        }
    }
}
