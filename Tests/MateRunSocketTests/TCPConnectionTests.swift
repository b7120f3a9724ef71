import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// The generic TCP layer on its own terms: bytes and frames, no protocol on top.
@Suite struct TCPConnectionTests {
    static let options = TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 1024)

    /// A listener on an ephemeral loopback port, one accepted connection and its client.
    struct Pair {
        let listener: TCPListener
        let server: TCPConnection
        let client: TCPConnection

        static func make(
            server: TCPConnectionOptions = options, client: TCPConnectionOptions = options, listener: TCPListener? = nil
        ) async throws -> Pair {
            let listener = try listener ?? TCPListener(host: "127.0.0.1", port: 0)
            let endpoint = listener.localEndpoint
            return try await withTimeout {
                async let accepted = listener.accept(options: server)
                let client = try await TCPConnection.connect(to: endpoint, timeout: .seconds(20), options: client)
                return Pair(listener: listener, server: try await accepted, client: client)
            }
        }
    }

    /// How `connection`'s frame stream ended: nil when it finished quietly.
    private func ending(of connection: TCPConnection) async throws -> TCPConnectionClosed? {
        try await withTimeout {
            do {
                for try await _ in connection.frames {}
                return nil
            } catch let closed as TCPConnectionClosed {
                return closed
            }
        }
    }

    @Test func listenerReportsTheEphemeralPortItBound() throws {
        let listener = try TCPListener()
        #expect(listener.port > 0)
        #expect(listener.localEndpoint.port == listener.port)
    }

    @Test func framesArriveWithoutTheirNewlinesInOrder() async throws {
        // Given a connected pair
        let pair = try await Pair.make()
        // When the client sends three lines in one write
        try await pair.client.send(Array("one\ntwo\r\nthree\n".utf8))
        // Then the server reads three frames, without line ends
        let frames = try await withTimeout {
            var frames: [String] = []
            for try await frame in pair.server.frames {
                frames.append(String(decoding: frame, as: UTF8.self))
                if frames.count == 3 { break }
            }
            return frames
        }
        #expect(frames == ["one", "two", "three"])
    }

    @Test func connectingToAClosedPortSaysWhereAndWhy() async throws {
        // Given a port held by a socket that is bound but never listens (a port let go could be
        // taken by another test before the connect)
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let port = refusing.port
        let endpoint = TCPEndpoint(host: "127.0.0.1", port: port)
        // When connecting, Then the error names the address and the system's reason (not a timeout)
        do {
            _ = try await withTimeout { try await TCPConnection.connect(to: endpoint, timeout: .seconds(20), options: Self.options) }
            Issue.record("connected to a closed port")
        } catch let error as SocketError {
            #expect(error.description == "connect to 127.0.0.1:\(port): connection refused")
        }
    }

    @Test func aSilentPeerIsClosedByTheIdleTimeout() async throws {
        // Given a server that allows 0.3 s without a complete frame, and a client sending half a frame
        let pair = try await Pair.make(server: TCPConnectionOptions(idleTimeout: .milliseconds(300), maxFrameBytes: 1024))
        // On a loaded machine the 0.3 s may be up before the half frame goes out; the server
        // then closes first, and the client's send may fail. Either way the cause is the timeout.
        try? await pair.client.send(Array("half a fr".utf8))
        // Then the server's stream ends with the idle timeout as its cause
        let closed = try #require(try await ending(of: pair.server))
        #expect(closed.cause == .idleTimeout(seconds: 0.3))
        #expect(closed.description.hasPrefix("no complete frame from 127.0.0.1:"))
    }

    @Test func anOversizedFrameEndsThatConnectionWithItsFarewellAndTheListenerCarriesOn() async throws {
        // Given a server whose farewell names the cause
        let farewell = TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 1024) { closed in
            Array("farewell: \(closed.cause)\n".utf8)
        }
        let listener = try TCPListener()
        let pair = try await Pair.make(server: farewell, listener: listener)
        // When the client sends more than the limit without a newline
        try await pair.client.send(Array(repeating: UInt8(ascii: "a"), count: 5000))
        // Then the server's stream ends for that frame, and the client hears why
        #expect(try await ending(of: pair.server)?.cause == .badFrame(.tooLarge(limit: 1024)))
        let heard = try await withTimeout { try await pair.client.frames.first { _ in true } }
        #expect(heard.map { String(decoding: $0, as: UTF8.self) } == "farewell: badFrame(frame longer than 1024 bytes)")
        // And the listener still accepts the next connection
        let next = try await Pair.make(listener: listener)
        try await next.client.send(Array("hello\n".utf8))
        let frame = try await withTimeout { try await next.server.frames.first { _ in true } }
        #expect(frame == Array("hello".utf8))
    }

    @Test func sendingToAVanishedPeerFailsWithTheConnectionsEndNotAHang() async throws {
        // Given a pair whose server side is gone
        let pair = try await Pair.make()
        pair.server.close()
        let frame = Array(repeating: UInt8(ascii: " "), count: 8192) + [UInt8(ascii: "\n")]
        // When the client keeps sending
        var failure: (any Error)?
        do {
            try await withTimeout {
                for _ in 0..<10_000 {
                    try await pair.client.send(frame)
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
        } catch {
            failure = error
        }
        // Then a send fails with the connection's end (the process is not killed by SIGPIPE, and
        // the bound is not what ended the loop)
        #expect(failure is TCPConnectionClosed || failure is SocketError, "ended by \(String(describing: failure))")
    }

    @Test func aCancelledAcceptReturnsAtOnceAndTheListenerStillAccepts() async throws {
        // Given an accept that is really waiting
        let listener = try TCPListener()
        let waiting = Task { try await listener.accept(options: Self.options) }
        try await untilAcceptIsWaiting(on: listener)
        // When its task is cancelled, Then it throws CancellationError (not the bound's timeout)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await withTimeout { try await waiting.value } }
        // And the listener still accepts
        let pair = try await Pair.make(listener: listener)
        try await pair.client.send(Array("x\n".utf8))
        #expect(try await withTimeout { try await pair.server.frames.first { _ in true } } == Array("x".utf8))
    }

    @Test func closingTheListenerEndsAWaitingAccept() async throws {
        let listener = try TCPListener()
        let waiting = Task { try await listener.accept(options: Self.options) }
        try await untilAcceptIsWaiting(on: listener)
        listener.close()
        await #expect(throws: SocketError.self) { try await withTimeout { try await waiting.value } }
    }
}

/// Returns once an `accept()` on `listener` is registered and blocked, so that a test wakes a
/// waiting accept rather than racing one that has not started; bounded, never a fixed sleep.
func untilAcceptIsWaiting(on listener: TCPListener) async throws {
    try await withTimeout {
        while listener.waitingAccepts == 0 {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}
