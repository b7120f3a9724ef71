import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// A listener without a port: connections made in the process, accepted as a listening socket's
/// would be, with the accepting side's options.
@Suite struct SocketPairListenerTests {
    static let options = TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 1024)
    static let peer = TCPEndpoint(host: "127.0.0.1", port: 4222)

    /// The first frame `connection` reads, within a bound.
    private func firstFrame(of connection: TCPConnection) async throws -> String? {
        try await withTimeout {
            for try await frame in connection.frames { return String(decoding: frame, as: UTF8.self) }
            return nil
        }
    }

    @Test func aConnectionIsAcceptedWithItsPeerAndCarriesFramesBothWays() async throws {
        // Given a listener and a connection made to it
        let listener = SocketPairListener(backlog: 4)
        let client = try listener.connect(from: Self.peer, options: Self.options)
        // When it is accepted
        let server = try await withTimeout { try await listener.accept(options: Self.options) }
        // Then the server names the peer it was given, and frames cross both ways
        #expect(server.remote == Self.peer)
        try await client.send(Array("hello\n".utf8))
        #expect(try await firstFrame(of: server) == "hello")
        try await server.send(Array("welcome\n".utf8))
        #expect(try await firstFrame(of: client) == "welcome")
        client.close()
        server.close()
        listener.close()
    }

    @Test func aWaitingAcceptTakesTheNextConnectionAndACancelledOneEnds() async throws {
        // Given an accept already waiting
        let listener = SocketPairListener(backlog: 4)
        let waiting = Task { try await listener.accept(options: Self.options) }
        // When a connection arrives, then the waiting accept gets it
        let client = try listener.connect(from: Self.peer, options: Self.options)
        let server = try await withTimeout { try await waiting.value }
        // And when the next accept is cancelled, then it ends with CancellationError
        let cancelled = Task { try await listener.accept(options: Self.options) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await withTimeout { try await cancelled.value } }
        client.close()
        server.close()
        listener.close()
    }

    @Test func closingEndsAWaitingAcceptAndRefusesLaterConnections() async throws {
        // Given an accept waiting on a listener
        let listener = SocketPairListener(backlog: 4)
        let waiting = Task { try await listener.accept(options: Self.options) }
        // When the listener is closed
        listener.close()
        // Then the accept ends with a SocketError, and a new connection is refused
        await #expect(throws: SocketError.self) { try await withTimeout { try await waiting.value } }
        #expect(listener.isClosed)
        #expect(throws: SocketError.self) { try listener.connect(from: Self.peer, options: Self.options) }
    }

    @Test func connectionsBeyondTheBacklogAreRefused() throws {
        // Given a listener whose backlog of one is taken by a connection nobody accepted
        let listener = SocketPairListener(backlog: 1)
        let first = try listener.connect(from: Self.peer, options: Self.options)
        // When another connects, then it is refused as a full listen queue refuses it
        do {
            _ = try listener.connect(from: Self.peer, options: Self.options)
            Issue.record("a connection beyond the backlog was queued")
        } catch {
            #expect(error.description.contains("already wait to be accepted"))
        }
        first.close()
        listener.close()
    }
}
