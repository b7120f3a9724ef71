import MateRunDomain
import MateRunSocket
import Synchronization

/// A connection to the mate that carries `MateMessage`s both ways, encoded by `MateWireCodec`,
/// one frame per line: what pairing and `TCPMateLink` talk through.
///
/// Frames of unknown types are skipped and counted (forward compatibility); any other frame that
/// does not decode closes the connection with a `bye` naming the problem, and `incoming` throws
/// `MateChannelClosed`. So does any end of the connection not asked for by `close`.
package final class SocketMateChannel: Sendable {
    package let connection: TCPConnection
    package let incoming: AsyncThrowingStream<MateMessage, any Error>
    private let unknownTypes: UnknownTypeCount
    private let reader: MessageReader

    /// The options mate connections use: the idle timeout given, the paired rate limit, and a
    /// `bye` as the farewell to a peer that sent a bad frame, flooded or fell silent. With a
    /// `handshakeDeadline`, the connection must be paired within it, counted from its start, and
    /// until then takes only the handshake's rate.
    package static func options(
        idleTimeout: Duration = .seconds(MateProtocol.connectionIdleTimeout), handshakeDeadline: Duration? = nil
    ) -> TCPConnectionOptions {
        TCPConnectionOptions(
            idleTimeout: idleTimeout, maxFrameBytes: MateProtocol.maxFrameBytes,
            rateLimit: handshakeDeadline == nil ? MateProtocol.pairedRateLimit : MateProtocol.handshakeRateLimit,
            deadline: handshakeDeadline
        ) { closed in
            MateWireCodec.encode(.bye(MateGoodbye(reason: closed.reason, message: closed.description)))
        }
    }

    package init(connection: TCPConnection) {
        self.connection = connection
        let unknownTypes = UnknownTypeCount()
        self.unknownTypes = unknownTypes
        let reader = MessageReader(connection: connection, unknownTypes: unknownTypes)
        self.reader = reader
        incoming = AsyncThrowingStream(unfolding: { try await reader.next() })
    }

    /// Connects to a host over TCP, bounded by `timeout`.
    package static func connect(
        to endpoint: TCPEndpoint,
        timeout: Duration = .seconds(MateProtocol.connectTimeout),
        idleTimeout: Duration = .seconds(MateProtocol.connectionIdleTimeout)
    ) async throws -> SocketMateChannel {
        try await connect(through: .tcp(endpoint), timeout: timeout, idleTimeout: idleTimeout)
    }

    /// Connects to a host through `dialer` (TCP, or a relay), bounded by `timeout`.
    package static func connect(
        through dialer: StreamDialer, timeout: Duration, idleTimeout: Duration
    ) async throws -> SocketMateChannel {
        SocketMateChannel(connection: try await dialer.dial(
            timeout: timeout, options: options(idleTimeout: idleTimeout, handshakeDeadline: idleTimeout)))
    }

    /// Waits for the next joiner from `source` (a listener, or a relay's local pairs);
    /// `handshakeTimeout` bounds how long it may take to pair, counted from the connection's
    /// start, whatever it sends meanwhile.
    package static func accept(
        from source: some ConnectionSource,
        handshakeTimeout: Duration = .seconds(MateProtocol.handshakeTimeout)
    ) async throws -> SocketMateChannel {
        SocketMateChannel(connection: try await source.accept(
            options: options(idleTimeout: handshakeTimeout, handshakeDeadline: handshakeTimeout)))
    }

    package var peer: String { connection.remote.description }
    package var peerHost: String { connection.remote.host }

    /// The handshake is done: lifts its deadline and rate, and lets the mate stay without sending
    /// a complete frame for `idleTimeout`.
    package func paired(idleTimeout: Duration) {
        connection.setIdleTimeout(idleTimeout)
        connection.setRateLimit(MateProtocol.pairedRateLimit)
        connection.clearDeadline()
    }

    /// How many frames of unknown message types were skipped.
    package var ignoredUnknownMessageCount: Int { unknownTypes.value }

    package func send(_ message: MateMessage) async throws {
        do {
            try await connection.send(MateWireCodec.encode(message))
        } catch {
            throw Self.channelClosed(error)
        }
    }

    /// Sends `message` without waiting, in order with every other send (`TCPConnection.enqueue`):
    /// for a caller on an actor that learns of a broken connection from its reads.
    func enqueue(_ message: MateMessage) {
        connection.enqueue(MateWireCodec.encode(message))
    }

    /// The next message, as `incoming` yields it, but resumed on the caller's actor: for the one
    /// reader that takes over from `incoming` (the link, once the handshake is done), so that a
    /// frame reaches the actor with one hand-over. Never concurrently with another read.
    func next(isolation: isolated (any Actor)? = #isolation) async throws -> MateMessage? {
        try await reader.next(isolation: isolation)
    }

    /// Sends `goodbye`, waiting at most a second for the socket to take it, then closes.
    package func close(_ goodbye: MateGoodbye) async {
        await Self.close(connection, saying: goodbye)
    }

    static func close(_ connection: TCPConnection, saying goodbye: MateGoodbye) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await connection.send(MateWireCodec.encode(.bye(goodbye))) }
            group.addTask { try? await Task.sleep(for: .seconds(1)) }
            await group.next()
            connection.close()
            group.cancelAll()
        }
    }

    /// The domain's view of why the connection ended.
    static func channelClosed(_ error: any Error) -> MateChannelClosed {
        switch error {
        case let closed as MateChannelClosed: closed
        case let closed as TCPConnectionClosed: MateChannelClosed(reason: closed.reason, detail: closed.description)
        default: MateChannelClosed(reason: .connectionLost, detail: String(describing: error))
        }
    }
}

/// Counts frames skipped for an unknown type, readable from any thread.
private final class UnknownTypeCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func increment() {
        count.add(1, ordering: .relaxed)
    }
}

/// Pulls frames from the connection and decodes them, one `next()` at a time.
///
/// `@unchecked Sendable` because `AsyncThrowingStream(unfolding:)` needs a sendable closure yet
/// calls it strictly one call at a time; the only other caller, `SocketMateChannel.next`, takes
/// over once `incoming` is no longer read (a handshake hands the channel to its link).
private final class MessageReader: @unchecked Sendable {
    private let connection: TCPConnection
    private let unknownTypes: UnknownTypeCount
    private var frames: TCPFrames.AsyncIterator

    init(connection: TCPConnection, unknownTypes: UnknownTypeCount) {
        self.connection = connection
        self.unknownTypes = unknownTypes
        frames = connection.frames.makeAsyncIterator()
    }

    func next(isolation: isolated (any Actor)? = #isolation) async throws -> MateMessage? {
        while true {
            let frame: [UInt8]?
            do {
                frame = try await frames.next(isolation: isolation)
            } catch {
                throw SocketMateChannel.channelClosed(error)
            }
            guard let frame else { return nil }
            do {
                return try MateWireCodec.decode(frame)
            } catch .unknownType {
                unknownTypes.increment()
            } catch {
                let closed = MateChannelClosed(reason: error.reason, detail: "bad frame from \(connection.remote): \(error)")
                await SocketMateChannel.close(connection, saying: MateGoodbye(reason: closed.reason, message: closed.detail))
                throw closed
            }
        }
    }
}
