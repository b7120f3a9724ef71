import MateRunTestSupport
import Foundation
import MateRunDomain
import Testing
@testable import MateRunMate
@testable import MateRunSocket

/// Real sockets on 127.0.0.1 with ephemeral ports; every await is bounded so that nothing hangs.
@Suite(.timeLimit(.minutes(5)))
struct TCPTransportTests {
    @Test func messagesFlowBothWays() async throws {
        let listener = try TCPListener()
        let endpoint = listener.localEndpoint
        let (server, client) = try await withTimeout {
            async let server = SocketMateChannel.accept(from: listener, handshakeTimeout: .seconds(60))
            let client = try await SocketMateChannel.connect(to: endpoint, timeout: .seconds(20), idleTimeout: .seconds(60))
            return (try await server, client)
        }
        let hello = MateMessage.hello(MateHello(name: "Ana", code: "123456"))
        try await client.send(hello)
        #expect(try await nextMessage(server) == hello)

        let progress = MateMessage.progress(MateProgress(seq: 1, elapsedSeconds: 1, movingSeconds: 1, distanceMetres: 3.2, caloriesKilocalories: 0.2, paused: false))
        try await server.send(.welcome(MateWelcome(sessionID: "s1", name: "Ben")))
        try await server.send(progress)
        #expect(try await nextMessage(client) == .welcome(MateWelcome(sessionID: "s1", name: "Ben")))
        #expect(try await nextMessage(client) == progress)
        #expect(server.peerHost == "127.0.0.1")
        #expect(client.peer == endpoint.description)
        await client.close(MateGoodbye(reason: .finished, message: "done"))
        await server.close(MateGoodbye(reason: .finished, message: "done"))
    }

    @Test func aPeerThatClosesEndsTheStreamWithAReasonAfterItsGoodbye() async throws {
        let pair = try await LoopbackPair.make()
        let client = SocketMateChannel(connection: pair.client)
        await client.close(MateGoodbye(reason: .cancelled, message: "runner quit"))
        #expect(try await nextMessage(pair.server) == .bye(MateGoodbye(reason: .cancelled, message: "runner quit")))
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .connectionLost)
        #expect(closed.detail.contains("closed the connection"))
    }

    @Test func aLocalCloseFinishesTheStreamQuietly() async throws {
        let pair = try await LoopbackPair.make()
        await pair.server.close(MateGoodbye(reason: .finished, message: "bye"))
        #expect(try await closure(of: pair.server) == nil)
        await #expect(throws: MateChannelClosed.self) { try await pair.server.send(.heartbeat(seq: nil)) }
    }

    @Test func aSilentClientIsClosedByTheIdleTimeoutAndToldWhy() async throws {
        let pair = try await LoopbackPair.make(serverIdleTimeout: .milliseconds(300))
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .timeout)
        let farewell = try #require(try await nextFrame(pair.client))
        #expect(farewell.hasPrefix(#"{"type":"bye","reason":"timeout","#))
    }

    @Test func aHalfSentFrameThatNeverCompletesIsClosedByTheIdleTimeout() async throws {
        let pair = try await LoopbackPair.make(serverIdleTimeout: .milliseconds(300))
        // On a loaded machine the 0.3 s may be up before the half frame goes out; the server
        // then closes first, and the client's send may fail. Either way the cause is the timeout.
        try? await pair.client.send(Array(#"{"type":"ping","#.utf8))
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .timeout)
    }

    @Test func anOversizedFrameClosesThatConnectionAndTheListenerCarriesOn() async throws {
        let listener = try TCPListener()
        let pair = try await LoopbackPair.make(listener: listener)
        try await pair.client.send(Array(repeating: UInt8(ascii: "a"), count: MateProtocol.maxFrameBytes + 1000))
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .frameTooLarge)
        let farewell = try #require(try await nextFrame(pair.client))
        #expect(farewell.hasPrefix(#"{"type":"bye","reason":"frame_too_large","#))

        let next = try await LoopbackPair.make(listener: listener)
        try await next.client.send(MateWireCodec.encode(.ping(id: 7)))
        #expect(try await nextMessage(next.server) == .ping(id: 7))
    }

    @Test func garbageClosesTheConnectionWithBadFrame() async throws {
        let pair = try await LoopbackPair.make()
        try await pair.client.send([0x00, 0xFF, 0x13, 0x37, UInt8(ascii: "\n")])
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .badFrame)
        let farewell = try #require(try await nextFrame(pair.client))
        #expect(farewell.hasPrefix(#"{"type":"bye","reason":"bad_frame","#))
    }

    @Test func aKnownMessageWithBadFieldsClosesWithAByeNamingTheField() async throws {
        let pair = try await LoopbackPair.make()
        try await pair.client.send(Array(#"{"type":"ping","id":"seven"}"#.utf8) + [UInt8(ascii: "\n")])
        let closed = try #require(try await closure(of: pair.server))
        #expect(closed.reason == .badFrame)
        #expect(closed.detail.contains(#"field "id" must be an integer"#))
        let farewell = try #require(try await nextFrame(pair.client))
        #expect(farewell.contains(#"field \"id\" must be an integer"#))
    }

    @Test func unknownMessageTypesAreSkippedAndCounted() async throws {
        let pair = try await LoopbackPair.make()
        try await pair.client.send(Array("{\"type\":\"wave\",\"hand\":\"left\"}\n".utf8) + MateWireCodec.encode(.accept))
        #expect(try await nextMessage(pair.server) == .accept)
        #expect(pair.server.ignoredUnknownMessageCount == 1)
    }

    @Test func aBigSendLargerThanTheSocketBufferArrivesWhole() async throws {
        let pair = try await LoopbackPair.make()
        let messages = (1...3000).map { MateMessage.progress(MateProgress(seq: $0, elapsedSeconds: Double($0), movingSeconds: 0, distanceMetres: 1, caloriesKilocalories: 0, paused: false)) }
        let bytes = messages.flatMap(MateWireCodec.encode)
        try await withTimeout { try await pair.client.send(bytes) }
        let received = try await withTimeout {
            var count = 0
            for try await message in pair.server.incoming {
                count += 1
                if message == messages.last { break }
            }
            return count
        }
        #expect(received == messages.count)
    }

    @Test func enqueuedFramesKeepTheirOrderWithSendsEvenWhenTheSocketIsFull() async throws {
        let pair = try await LoopbackPair.make()
        let count = 20_000
        let frames = (1...count).map {
            MateWireCodec.encode(.progress(MateProgress(seq: $0, elapsedSeconds: Double($0), movingSeconds: 0, distanceMetres: 1, caloriesKilocalories: 0, paused: false)))
        }
        let seqs = try await withTimeout {
            async let received: [Int] = {
                var seqs: [Int] = []
                for try await message in pair.server.incoming {
                    guard case .progress(let progress) = message else { continue }
                    seqs.append(progress.seq)
                    if seqs.count == count { break }
                }
                return seqs
            }()
            for (index, frame) in frames.enumerated() {
                if index % 1000 == 999 {
                    try await pair.client.send(frame)
                } else {
                    pair.client.enqueue(frame)
                }
            }
            return try await received
        }
        #expect(seqs == Array(1...count))
    }
}
