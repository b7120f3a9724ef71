/// Why a pairing was refused or a connection is closing, as a stable machine-readable word.
///
/// A struct over its wire word rather than a closed enum, so that a reason added by a newer peer
/// still arrives intact (and can be shown) instead of failing the frame.
public struct MateReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Refused: the pairing code does not match.
    public static let wrongCode = MateReason(rawValue: "wrong_code")
    /// Refused: too many wrong codes from this address; retry later.
    public static let throttled = MateReason(rawValue: "throttled")
    /// Refused: the host is already paired with another mate.
    public static let busy = MateReason(rawValue: "busy")
    /// Refused: the protocol versions differ.
    public static let version = MateReason(rawValue: "version")
    /// Refused: `hello.resume` names a session the host does not have.
    public static let unknownSession = MateReason(rawValue: "unknown_session")
    /// A frame was not valid JSON, not an object, or a known message with bad fields.
    public static let badFrame = MateReason(rawValue: "bad_frame")
    /// A frame grew past `MateProtocol.maxFrameBytes` without its newline.
    public static let frameTooLarge = MateReason(rawValue: "frame_too_large")
    /// Nothing (or no complete frame) arrived within the time allowed.
    public static let timeout = MateReason(rawValue: "timeout")
    /// A message arrived that makes no sense at this point of the exchange.
    public static let unexpected = MateReason(rawValue: "unexpected")
    /// The run is over for the sender; the session ends normally.
    public static let finished = MateReason(rawValue: "finished")
    /// The runner stopped the run or quit the program.
    public static let cancelled = MateReason(rawValue: "cancelled")
    /// Local only, never sent: the connection dropped without a `bye`.
    public static let connectionLost = MateReason(rawValue: "connection_lost")
}

/// The host's refusal of a `hello`.
public struct MateRefusal: Sendable, Equatable {
    public var reason: MateReason
    /// A sentence for the person at the other end, e.g. "wrong pairing code".
    public var message: String
    /// Set with `.throttled`: how long to wait before trying again.
    public var retryAfterMilliseconds: Int?

    public init(reason: MateReason, message: String, retryAfterMilliseconds: Int? = nil) {
        self.reason = reason
        self.message = message
        self.retryAfterMilliseconds = retryAfterMilliseconds
    }
}

/// A side's last word before closing the connection.
public struct MateGoodbye: Sendable, Equatable {
    public var reason: MateReason
    /// A sentence for the person at the other end.
    public var message: String

    public init(reason: MateReason, message: String) {
        self.reason = reason
        self.message = message
    }
}
