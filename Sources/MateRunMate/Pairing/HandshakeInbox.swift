import MateRunDomain

/// Reads a handshake's messages one at a time from a channel, so that the end of the connection
/// or a `bye` becomes a `MatePairingError` naming the step it interrupted. Heartbeats are allowed
/// anywhere (PROTOCOL.md) and skipped here.
///
/// Reading is bounded by the channel's handshake deadline, counted from the connection's start
/// (`SocketMateChannel.accept`/`connect`), not by a timer here: a cancelled read would end the
/// channel's stream for good.
struct HandshakeInbox {
    private var messages: AsyncThrowingStream<MateMessage, any Error>.Iterator
    private let peer: String

    init(_ channel: SocketMateChannel) {
        messages = channel.incoming.makeAsyncIterator()
        peer = channel.peer
    }

    /// The next message, waited for as `step` (e.g. "the terms"). Throws `CancellationError` when
    /// the channel was closed locally.
    mutating func next(_ step: String) async throws -> MateMessage {
        let message: MateMessage?
        do {
            message = try await messages.next(isolation: #isolation)
        } catch {
            throw MatePairingError.connectionEnded(SocketMateChannel.channelClosed(error), step: step)
        }
        switch message {
        case .heartbeat?: return try await next(step)
        case nil: throw CancellationError()
        case .bye(let goodbye)?: throw MatePairingError.declined(goodbye, peer: peer)
        case let message?: return message
        }
    }

    /// The error for `message` arriving when `step` was expected.
    func unexpected(_ message: MateMessage, expected step: String) -> MatePairingError {
        .unexpected(message, expected: step, peer: peer)
    }
}

extension SocketMateChannel {
    /// Ends a failed handshake: tells the peer why when it broke the protocol, otherwise just
    /// closes (after a refusal, a goodbye or a drop there is nothing more to say).
    func abandonHandshake(after error: any Error) async {
        if let error = error as? MatePairingError, case .unexpected = error {
            await close(MateGoodbye(reason: .unexpected, message: error.description))
        } else {
            connection.close()
        }
    }
}
