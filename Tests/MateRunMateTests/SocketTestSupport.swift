import MateRunTestSupport
import MateRunDomain
@testable import MateRunMate
@testable import MateRunSocket

/// The next message on `channel`, within `seconds`.
func nextMessage(_ channel: SocketMateChannel, within seconds: Double = 120) async throws -> MateMessage? {
    try await withTimeout(seconds) {
        var messages = channel.incoming.makeAsyncIterator()
        return try await messages.next()
    }
}

/// The next raw frame on `connection`, as text, within `seconds`.
func nextFrame(_ connection: TCPConnection, within seconds: Double = 120) async throws -> String? {
    try await withTimeout(seconds) {
        var frames = connection.frames.makeAsyncIterator()
        return try await frames.next().map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Why `channel`'s stream ended, reading and dropping any messages before the end.
func closure(of channel: SocketMateChannel, within seconds: Double = 120) async throws -> MateChannelClosed? {
    try await withTimeout(seconds) {
        do {
            for try await _ in channel.incoming {}
            return nil
        } catch let closed as MateChannelClosed {
            return closed
        }
    }
}

/// A listener on an ephemeral loopback port, and one accepted server channel with its client.
struct LoopbackPair {
    let listener: TCPListener
    let server: SocketMateChannel
    let client: TCPConnection

    /// `serverIdleTimeout` is far off unless a test is about it: on a loaded machine (CI's whole
    /// suite, process tests holding both cores) five seconds went by before a test's next step.
    static func make(serverIdleTimeout: Duration = .seconds(60), listener: TCPListener? = nil) async throws -> LoopbackPair {
        let listener = try listener ?? TCPListener(host: "127.0.0.1", port: 0)
        let endpoint = listener.localEndpoint
        return try await withTimeout {
            async let server = SocketMateChannel.accept(from: listener, handshakeTimeout: serverIdleTimeout)
            let client = try await TCPConnection.connect(to: endpoint, timeout: .seconds(20), options: SocketMateChannel.options(idleTimeout: .seconds(120)))
            // Paired: the transport tests exchange a paired link's traffic, not a handshake's.
            let paired = try await server
            paired.paired(idleTimeout: serverIdleTimeout)
            return LoopbackPair(listener: listener, server: paired, client: client)
        }
    }
}
