/// Why a TCP connection's frame stream ended, with the peer's address for context.
///
/// The stream of a connection always ends by throwing this, unless it was closed locally. The
/// causes are the transport's own; a protocol on top maps them to its words.
package struct TCPConnectionClosed: Error, Sendable, Equatable, CustomStringConvertible {
    /// What ended the connection.
    package enum Cause: Sendable, Equatable {
        /// The peer closed its end (EOF). `pendingBytes` is the size of an unfinished frame.
        case peerClosed(pendingBytes: Int)
        /// No complete frame arrived within the idle timeout (a silent peer or a half-sent frame).
        case idleTimeout(seconds: Double)
        /// The peer stopped reading: queued bytes could not be sent within the idle timeout.
        case sendStalled(seconds: Double)
        /// The peer sent bytes that are not a frame (too long, or refused by the frame check).
        case badFrame(FrameError)
        /// The peer sent more than the connection's rate limit allows in one second.
        case flooded(TCPRateLimit)
        /// The connection's deadline, counted from its start, passed (`TCPConnectionOptions.deadline`).
        case deadline(seconds: Double)
        /// The socket failed.
        case socket(SocketError)
    }

    package var cause: Cause
    package var remote: TCPEndpoint

    package init(cause: Cause, remote: TCPEndpoint) {
        self.cause = cause
        self.remote = remote
    }

    package var description: String {
        switch cause {
        case .peerClosed(let pending) where pending > 0:
            "\(remote) closed the connection in the middle of a frame (\(pending) bytes)"
        case .peerClosed:
            "\(remote) closed the connection"
        case .idleTimeout(let seconds):
            "no complete frame from \(remote) in \(Self.text(seconds)) s"
        case .sendStalled(let seconds):
            "\(remote) read nothing we sent for \(Self.text(seconds)) s"
        case .badFrame(let error):
            "bad frame from \(remote): \(error)"
        case .flooded(let limit):
            "\(remote) sent more than \(limit)"
        case .deadline(let seconds):
            "\(remote) did not get through within \(Self.text(seconds)) s of connecting"
        case .socket(let error):
            error.description
        }
    }

    /// Seconds as a person writes them: `10`, or `2.5`.
    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}

extension Duration {
    /// The duration in seconds, for `TCPConnectionClosed`'s causes.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
