import MateRunDomain

/// Why pairing (or resuming a session) failed, in words the person at the terminal can act on,
/// e.g. "the host at 127.0.0.1:5000 refused the pairing code 000000 (wrong_code): wrong pairing code".
package enum MatePairingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host answered `hello` with `refused`; `code` is the pairing code that was offered.
    /// `host` names the server as its dialer does (`StreamDialer.server`).
    case refused(MateRefusal, host: String, code: String)
    /// The mate sent a valid message that makes no sense at this step.
    case unexpected(MateMessage, expected: String, peer: String)
    /// The mate said goodbye during the handshake (e.g. declined the terms).
    case declined(MateGoodbye, peer: String)
    /// The connection ended during the handshake step named.
    case connectionEnded(MateChannelClosed, step: String)

    /// The reason in the protocol's words.
    package var reason: MateReason {
        switch self {
        case .refused(let refusal, _, _): refusal.reason
        case .unexpected: .unexpected
        case .declined(let goodbye, _): goodbye.reason
        case .connectionEnded(let closed, _): closed.reason
        }
    }

    package var description: String {
        switch self {
        case .refused(let refusal, let host, let code) where refusal.reason == .wrongCode:
            "the host at \(host) refused the pairing code \(code) (\(refusal.reason)): \(refusal.message)"
        case .refused(let refusal, let host, _):
            "the host at \(host) refused the pairing (\(refusal.reason)): \(refusal.message)"
        case .unexpected(let message, let expected, let peer):
            "\(peer) sent \(message.wireType) while \(expected) was expected"
        case .declined(let goodbye, let peer):
            "\(peer) ended the pairing (\(goodbye.reason)): \(goodbye.message)"
        case .connectionEnded(let closed, let step):
            "the connection ended while waiting for \(step): \(closed.detail)"
        }
    }
}
