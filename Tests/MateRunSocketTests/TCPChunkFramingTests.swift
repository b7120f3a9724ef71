import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// `.chunks` framing: the bytes as they come, for a protocol that frames by itself.
@Suite struct TCPChunkFramingTests {
    @Test func chunksCarryEveryByteLineEndsIncludedAndCountQueuedBytes() async throws {
        // Given a listener that hands out raw chunks
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        var raw = TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: 4)
        raw.framing = .chunks
        let options = raw
        let endpoint = listener.localEndpoint
        async let accepted = withTimeout { try await listener.accept(options: options) }
        let client = try await withTimeout {
            try await TCPConnection.connect(to: endpoint, timeout: .seconds(2), options: options)
        }
        let server = try await accepted
        // When the client sends more than maxFrameBytes, with blank lines and CR LF inside
        let sent = Array("PUB a 9\r\n\r\nline\r\n\n\r\n".utf8)
        try await client.send(sent)
        // Then the server reads exactly those bytes, nothing trimmed, nothing refused
        let received = try await withTimeout {
            var received: [UInt8] = []
            for try await chunk in server.frames {
                received += chunk
                if received.count >= sent.count { break }
            }
            return received
        }
        #expect(received == sent)
        #expect(client.queuedByteCount == 0)
        client.close()
        server.close()
    }
}
