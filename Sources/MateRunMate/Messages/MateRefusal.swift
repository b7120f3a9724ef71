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
    /// Refused: too many wrong codes from this address; retry later.
    package static let throttled = MateReason(rawValue: "throttled")
    /// Refused: the host is already paired with another mate.
    package static let busy = MateReason(rawValue: "busy")
    /// Refused: the protocol versions differ.
    package static let version = MateReason(rawValue: "version")
    /// Refused: too many wrong codes arrived in all; the host must restart with a new code.
    package static let codeSpent = MateReason(rawValue: "code_spent")
    /// Refused: `hello.resume` names a session the host does not have.
    package static let unknownSession = MateReason(rawValue: "unknown_session")
}
