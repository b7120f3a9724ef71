/// Why a mate left or a connection is closing, as a stable machine-readable word.
///
/// A struct over its wire word rather than a closed enum, so that a reason added by a newer peer
/// still arrives intact (and can be shown) instead of failing the frame.
package struct MateReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package var rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    /// A frame was not valid JSON, not an object, or a known message with bad fields.
    package static let badFrame = MateReason(rawValue: "bad_frame")
    /// A frame grew past the protocol's size limit without its newline.
    package static let frameTooLarge = MateReason(rawValue: "frame_too_large")
    /// Nothing (or no complete frame) arrived within the time allowed.
    package static let timeout = MateReason(rawValue: "timeout")
    /// The peer sent more bytes or frames in a second than the receiver takes (PROTOCOL.md, "Limits").
    package static let flooded = MateReason(rawValue: "flooded")
    /// A message arrived that makes no sense at this point of the exchange.
    package static let unexpected = MateReason(rawValue: "unexpected")
    /// The run is over for the sender; the session ends normally.
    package static let finished = MateReason(rawValue: "finished")
    /// The sender refuses the receiver's figures: they run ahead of the agreed clock or beyond
    /// what a runner can do. The message says which claim.
    package static let implausible = MateReason(rawValue: "implausible")
    /// The runner stopped the run or quit the program.
    package static let cancelled = MateReason(rawValue: "cancelled")
    /// Local only, never sent: the connection dropped without a `bye`.
    package static let connectionLost = MateReason(rawValue: "connection_lost")
}

/// A side's last word before closing the connection.
package struct MateGoodbye: Sendable, Equatable {
    package var reason: MateReason
    /// A sentence for the person at the other end.
    package var message: String

    package init(reason: MateReason, message: String) {
        self.reason = reason
        self.message = message
    }
}
