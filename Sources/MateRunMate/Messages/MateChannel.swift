import MateRunDomain

/// A connection to the mate that carries `MateMessage`s both ways.
///
/// The pairing and race/team rules depend on this protocol only, so they can be tested with an
/// in-memory fake; Data provides the TCP implementation.
package protocol MateChannel: Sendable {
    /// Who is at the other end, for messages (e.g. "127.0.0.1:53122").
    var peer: String { get }
    /// The other end's host without the port (e.g. "127.0.0.1"): what wrong codes are throttled by.
    var peerHost: String { get }
    /// Sends one message; throws `MateChannelClosed` when the channel can no longer send.
    func send(_ message: MateMessage) async throws
    /// Messages from the mate, in order. It has a single consumer. It ends by throwing
    /// `MateChannelClosed` when the connection ends for any reason other than a local `close`,
    /// after which it finishes quietly.
    var incoming: AsyncThrowingStream<MateMessage, any Error> { get }
    /// Says goodbye (best effort, bounded) and closes; `incoming` then finishes. Idempotent.
    func close(_ goodbye: MateGoodbye) async
}

/// Why a mate channel stopped: what the rules need to decide between "reconnect" and "give up".
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
