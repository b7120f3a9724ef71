import MateRunDomain
import MateRunSocket

extension TCPConnectionClosed {
    /// Why the connection ended, in the mate protocol's words: what a `bye` says and what tells
    /// a link to reconnect (`connectionLost`, `timeout`) or give up (a broken protocol).
    package var reason: MateReason {
        switch cause {
        case .peerClosed, .socket: .connectionLost
        case .idleTimeout, .sendStalled, .deadline: .timeout
        case .badFrame(.tooLarge): .frameTooLarge
        case .flooded: .flooded
        }
    }
}
