import MateRunDomain

/// The host's refusal of a `hello`.
package struct MateRefusal: Sendable, Equatable {
    package var reason: MateReason
    /// A sentence for the person at the other end, e.g. "wrong pairing code".
    package var message: String
    /// Set with `.throttled`: how long to wait before trying again.
    package var retryAfterMilliseconds: Int?

    package init(reason: MateReason, message: String, retryAfterMilliseconds: Int? = nil) {
        self.reason = reason
        self.message = message
        self.retryAfterMilliseconds = retryAfterMilliseconds
    }
}

/// The reasons only pairing gives: a `refused` frame's words.
extension MateReason {
    /// Refused: the pairing code does not match.
    package static let wrongCode = MateReason(rawValue: "wrong_code")
    /// Refused: too many wrong codes from this address, or from all addresses together; retry
    /// after `retry_after_ms`.
    package static let throttled = MateReason(rawValue: "throttled")
    /// Refused: the host is already paired with another mate.
    package static let busy = MateReason(rawValue: "busy")
    /// Refused: the protocol versions differ.
    package static let version = MateReason(rawValue: "version")
    /// Refused: `hello.resume` names a session the host does not have.
    package static let unknownSession = MateReason(rawValue: "unknown_session")
}
