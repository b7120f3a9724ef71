import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// A connection cannot be made to read, parse or keep without bound: a rate per second, a
/// deadline from its start, and a cap on frames waiting for a slow reader.
@Suite struct BoundedConnectionTests {
    /// The clients wait long: on a loaded machine a test may stall for seconds.
    private static let patientClient = TCPConnectionOptions(idleTimeout: .seconds(60), maxFrameBytes: 1024)

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

    @Test func aPeerSendingMoreFramesASecondThanAllowedIsClosedForFlooding() async throws {
        // Given a server that takes 32 frames a second
        let limit = TCPRateLimit(bytesPerSecond: 1 << 20, framesPerSecond: 32)
        let pair = try await TCPConnectionTests.Pair.make(
            server: TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 1024, rateLimit: limit),
            client: Self.patientClient)
        // When the client writes 1 000 junk frames at once
        try await pair.client.send(Array(String(repeating: "{\"type\":\"zzz\"}\n", count: 1000).utf8))
        // Then the server closes it, saying it flooded, without handing the frames on
        let closed = try #require(try await ending(of: pair.server))
        #expect(closed.cause == .flooded(limit))
        #expect(closed.description.hasSuffix("sent more than 1048576 bytes or 32 frames a second"))
    }

    @Test func aPeerSendingMoreBytesASecondThanAllowedIsClosedEvenWithoutANewline() async throws {
        let limit = TCPRateLimit(bytesPerSecond: 4096, framesPerSecond: 1000)
        let pair = try await TCPConnectionTests.Pair.make(
            server: TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 100_000, rateLimit: limit),
            client: Self.patientClient)
        try await pair.client.send(Array(repeating: UInt8(ascii: " "), count: 20_000))
        #expect(try await ending(of: pair.server)?.cause == .flooded(limit))
    }

    @Test func theDeadlineCountsFromTheStartNotFromTheLastFrame() async throws {
        // Given a server whose connections must be done within 0.6 s of their start, idle 3 s
        let pair = try await TCPConnectionTests.Pair.make(
            server: TCPConnectionOptions(idleTimeout: .seconds(3), maxFrameBytes: 1024, deadline: .milliseconds(600)),
            client: Self.patientClient)
        // When the client sends a frame every 0.1 s (never idle)
        let sender = Task {
            while !Task.isCancelled {
                try? await pair.client.send(Array("junk\n".utf8))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { sender.cancel() }
        // Then the connection is closed by its deadline all the same
        let closed = try #require(try await ending(of: pair.server))
        #expect(closed.cause == .deadline(seconds: 0.6))
        #expect(ContinuousClock.now - pair.server.startedAt >= .milliseconds(600))
    }

    @Test func aLiftedDeadlineNoLongerCloses() async throws {
        let deadline = Duration.seconds(3)
        let pair = try await TCPConnectionTests.Pair.make(
            server: TCPConnectionOptions(idleTimeout: .seconds(30), maxFrameBytes: 1024, deadline: deadline),
            client: Self.patientClient)
        pair.server.clearDeadline()
        // A machine that stalled past the deadline before it could be lifted proves nothing either way.
        guard ContinuousClock.now - pair.server.startedAt < deadline else { return }
        try await Task.sleep(for: deadline + .milliseconds(500))
        try await pair.client.send(Array("still here\n".utf8))
        #expect(try await withTimeout { try await pair.server.frames.first { _ in true } } == Array("still here".utf8))
    }

    @Test func aReaderThatFallsBehindHoldsThePeerBackInsteadOfBuffering() async throws {
        // Given a server that lets at most 8 frames wait for its reader, and a reader that reads nothing yet
        let pair = try await TCPConnectionTests.Pair.make(
            server: TCPConnectionOptions(idleTimeout: .seconds(60), maxFrameBytes: 16_384, pendingFrameLimit: 8),
            client: TCPConnectionOptions(idleTimeout: .seconds(60), maxFrameBytes: 16_384))
        // When the client enqueues 32 MB of frames (far more than the socket buffers hold)
        let frame = Array(repeating: UInt8(ascii: "z"), count: 16_383) + [UInt8(ascii: "\n")]
        let count = 2048
        for _ in 0..<count { pair.client.enqueue(frame) }
        // Then the server stops reading at 8 waiting frames, and the client is held back with bytes it cannot send
        try await withTimeout(60) {
            while pair.server.flow.acceptsMore {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(pair.client.state.withLock { !$0.outbox.isEmpty })
        // And once the reader reads, every frame arrives
        let received = try await withTimeout(60) {
            var received = 0
            for try await _ in pair.server.frames {
                received += 1
                if received == count { break }
            }
            return received
        }
        #expect(received == count)
    }
}

@Suite struct AbortedConnectionTests {
    @Test func anAbortedConnectionEndsAtOnceWithoutLingering() async throws {
        // Given a connected pair
        let pair = try await TCPConnectionTests.Pair.make()
        // When the server aborts
        pair.server.abort()
        // Then the client sees the end well within the second a graceful close lingers
        let began = ContinuousClock.now
        let ended = try await withTimeout {
            do {
                for try await _ in pair.client.frames {}
            } catch {}
            return ContinuousClock.now
        }
        #expect(ended - began < .seconds(5))
    }
}
