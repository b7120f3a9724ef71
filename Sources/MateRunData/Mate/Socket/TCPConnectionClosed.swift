import MateRunDomain

/// Why a TCP connection's frame stream ended, with the peer's address for context.
///
/// The stream of a connection always ends by throwing this, unless it was closed locally.
public struct TCPConnectionClosed: Error, Sendable, Equatable, CustomStringConvertible {
    /// What ended the connection.
    public enum Cause: Sendable, Equatable {
        /// The peer closed its end (EOF). `pendingBytes` is the size of an unfinished frame.
        case peerClosed(pendingBytes: Int)
        /// No complete frame arrived within the idle timeout (a silent peer or a half-sent frame).
        case idleTimeout(seconds: Double)
        /// The peer stopped reading: queued bytes could not be sent within the idle timeout.
        case sendStalled(seconds: Double)
        /// The peer sent bytes that are not a valid frame.
        case badFrame(MateWireError)
        /// The socket failed.
        case socket(SocketError)
    }

    public var cause: Cause
    public var remote: TCPEndpoint

    public init(cause: Cause, remote: TCPEndpoint) {
        self.cause = cause
        self.remote = remote
    }

    /// The reason in the mate protocol's words.
    public var reason: MateReason {
        switch cause {
        case .peerClosed, .socket: .connectionLost
        case .idleTimeout, .sendStalled: .timeout
        case .badFrame(let error): error.reason
        }
    }

    public var description: String {
        switch cause {
        case .peerClosed(let pending) where pending > 0:
            "\(remote) closed the connection in the middle of a frame (\(pending) bytes)"
        case .peerClosed:
            "\(remote) closed the connection"
        case .idleTimeout(let seconds):
            "no complete frame from \(remote) in \(seconds.plainText) s"
        case .sendStalled(let seconds):
            "\(remote) read nothing we sent for \(seconds.plainText) s"
        case .badFrame(let error):
            "bad frame from \(remote): \(error)"
        case .socket(let error):
            error.description
        }
    }
}
