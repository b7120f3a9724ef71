import MateRunDomain

/// Why a mate channel stopped: what a link needs to decide between "reconnect" and "give up".
package struct MateChannelClosed: Error, Sendable, Equatable, CustomStringConvertible {
    /// `.connectionLost` for a drop, `.timeout` for silence, `.badFrame` or `.frameTooLarge` for a
    /// peer that broke the protocol.
    package var reason: MateReason
    /// What happened, with context, e.g. "recv from 127.0.0.1:5000: connection reset by peer".
    package var detail: String

    package init(reason: MateReason, detail: String) {
        self.reason = reason
        self.detail = detail
    }

    package var description: String { "\(reason): \(detail)" }
}
