import MateRunNATS
import MateRunNATSTestSupport
@testable import MateRunRelay
import MateRunSocket
import MateRunTestSupport
import Testing

/// A conversation carried through a real nats-server between two local socket pairs (nothing
/// listens), and what a lost message does to it.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSTunnelTests {
    /// An echo service that answers every chunk in upper case, accepting from a listener with no port.
    private func echoService() -> (SocketPairListener, Task<Void, Never>) {
        let listener = SocketPairListener(backlog: 8)
        let serving = Task {
            while let connection = try? await listener.accept(options: NATSTunnelPipe.localOptions) {
                Task {
                    do {
                        for try await chunk in connection.frames {
                            connection.enqueue(chunk.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 })
                        }
                    } catch {}
                }
            }
        }
        return (listener, serving)
    }

    @Test func bytesCrossTheTunnelBothWaysInOrderAndAnUnknownRoomIsNoResponders() async throws {
        let server = try await NATSServerProcess.start()
        let (service, serving) = echoService()
        let hostClient = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let tunnelServer = NATSTunnelServer(client: hostClient, room: "room1", listener: service)
        let dials = try await tunnelServer.open()
        let served = Task { await tunnelServer.run(dials) }
        let joinClient = try await NATSClient.connect(NATSClientOptions(url: server.url))
        await #expect(throws: NATSError.self) { _ = try await NATSTunnelClient(client: joinClient, room: "nobody") }
        let tunnel = try await NATSTunnelClient(client: joinClient, room: "room1")
        let carrying = Task { await tunnel.run() }
        let dialer = tunnel.dialer
        let local = try await withTimeout {
            try await dialer.dial(timeout: .seconds(5), options: NATSTunnelPipe.localOptions)
        }
        var sent: [UInt8] = []
        for index in 0..<200 {
            let line = Array("line \(index) of the conversation\n".utf8)
            sent += line
            local.enqueue(line)
        }
        let expected = sent.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        let received = try await withTimeout {
            var received: [UInt8] = []
            for try await chunk in local.frames {
                received += chunk
                if received.count >= expected.count { break }
            }
            return received
        }
        #expect(received == expected)
        local.close()
        carrying.cancel()
        served.cancel()
        serving.cancel()
        service.close()
        await joinClient.close()
        await hostClient.close()
        await server.stop()
    }

    @Test func aGapInTheSequenceClosesTheCarriedConnectionInsteadOfLosingBytes() async throws {
        let server = try await NATSServerProcess.start()
        let (service, serving) = echoService()
        let hostClient = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let tunnelServer = NATSTunnelServer(client: hostClient, room: "room2", listener: service)
        let dials = try await tunnelServer.open()
        let served = Task { await tunnelServer.run(dials) }
        // A hand-made dialler: opens a carried connection, then skips Seq 2.
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let subjects = NATSTunnelSubjects(room: "room2")
        let id = "ABCDEFGH12345678"
        let down = try client.subscribe(subjects.toClient(id))
        let answer = try await client.request(subjects.dial, payload: Array(id.utf8))
        #expect(answer.payload == Array("ok".utf8))
        try client.publish(subjects.toServer(id), payload: Array("one\n".utf8), headers: NATSHeaders([("Seq", "1")]))
        let first = try await next(down.messages)
        #expect(first?.payload == Array("ONE\n".utf8))
        try client.publish(subjects.toServer(id), payload: Array("three\n".utf8), headers: NATSHeaders([("Seq", "3")]))
        // The server side closes: its Close arrives, and THREE never comes back.
        let closing = try await next(down.messages)
        #expect(closing?.headers?["Close"] == "1")
        served.cancel()
        serving.cancel()
        service.close()
        await client.close()
        await hostClient.close()
        await server.stop()
    }
}
