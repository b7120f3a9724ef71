import MateRunCrypto
import MateRunNATS
import MateRunNATSTestSupport
@testable import MateRunRelay
import MateRunSocket
import MateRunTestSupport
import Synchronization
import Testing

/// A conversation carried through a real nats-server between two local socket pairs (nothing
/// listens), signed both ways; what a lost message does to it, and what forged, altered and
/// replayed messages and dials do (nothing, but be counted).
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

    /// A served room: the echo service behind a tunnel server on its own NATS connection.
    private struct ServedRoom {
        let server: NATSTunnelServer
        let client: NATSClient
        let tasks: [Task<Void, Never>]
        let service: SocketPairListener

        func close() async {
            tasks.forEach { $0.cancel() }
            service.close()
            await client.close()
        }
    }

    private func servedRoom(_ nats: NATSServerProcess) async throws -> ServedRoom {
        let (service, serving) = echoService()
        let client = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let server = try NATSTunnelServer(client: client, listener: service)
        let dials = try await server.open()
        let served = Task { await server.run(dials) }
        return ServedRoom(server: server, client: client, tasks: [serving, served], service: service)
    }

    @Test func bytesCrossTheTunnelBothWaysInOrderAndAnUnknownRoomIsNoResponders() async throws {
        let nats = try await NATSServerProcess.start()
        let room = try await servedRoom(nats)
        let joinClient = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let nobody = try #require(NATSPairCode(parsing: "aaaaaaaaaaaaaaaa-bbbbbbbbbbbb"))
        await #expect(throws: NATSError.self) { _ = try await NATSTunnelClient(client: joinClient, code: nobody) }
        let tunnel = try await NATSTunnelClient(client: joinClient, code: room.server.code)
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
        #expect(try await receive(expected.count, from: local) == expected)
        #expect(tunnel.drops == NATSTunnelDrops())
        #expect(room.server.drops == NATSTunnelDrops())
        local.close()
        carrying.cancel()
        await joinClient.close()
        await room.close()
        await nats.stop()
    }

    @Test func theRoomIsTheHostKeysFingerprintAndTheCodeReadsBackInAnyCase() throws {
        let key = try Ed25519PrivateKey(seed: Array(repeating: 7, count: 32))
        let room = try NATSPairCode.room(of: key.publicKey)
        #expect(room.count == NATSPairCode.roomLength)
        #expect(room.utf8.allSatisfy(NATSPairCode.alphabet.contains))
        let secret = try NATSPairCode.randomSecret()
        let code = try #require(NATSPairCode(parsing: (room + "-" + secret).uppercased()))
        #expect(code == NATSPairCode(room: room, secret: secret))
        #expect(NATSPairCode(parsing: room) == nil)
        #expect(NATSPairCode(parsing: room + "-" + secret + "x") == nil)
        #expect(NATSPairCode(parsing: room + "-" + String(secret.dropLast()) + "1") == nil)
    }

    @Test func aGapInTheSignedSequenceClosesTheCarriedConnectionInsteadOfLosingBytes() async throws {
        let nats = try await NATSServerProcess.start()
        let room = try await servedRoom(nats)
        let dialler = try await HandMadeDialler(nats, code: room.server.code)
        try await dialler.dial()
        try dialler.send("one\n", seq: 1)
        #expect(try await dialler.next()?.payload == Array("ONE\n".utf8))
        try dialler.send("three\n", seq: 3)
        // The server side closes: its signed Close with the next Seq arrives, and THREE never comes back.
        let closing = try #require(try await dialler.next())
        #expect(closing.headers?["Close"] == "1" && closing.headers?["Seq"] == "2")
        #expect(dialler.isSignedByHost(closing, seq: 2, close: true))
        await dialler.close()
        await room.close()
        await nats.stop()
    }

    @Test func forgedAlteredAndReplayedMessagesAreDroppedAndCountedAndTheConnectionGoesOn() async throws {
        let nats = try await NATSServerProcess.start()
        let room = try await servedRoom(nats)
        let dialler = try await HandMadeDialler(nats, code: room.server.code)
        try await dialler.dial()
        try dialler.send("one\n", seq: 1)
        let one = try #require(try await dialler.next())
        #expect(one.payload == Array("ONE\n".utf8))
        #expect(dialler.isSignedByHost(one, seq: 1, close: false))

        // Given a carried connection, when a stranger publishes on its up subject an unsigned
        // frame, a Close with the next Seq signed by another key, an altered copy of a signed
        // message, and the joiner's own first message again,
        let up = room.server.subjects.toServer(dialler.id)
        try dialler.client.publish(up, payload: Array("evil\n".utf8), headers: NATSHeaders([("Seq", "2")]))
        let stranger = try NATSPairSigning.newKey()
        let forgedClose = try stranger.signature(for: NATSPairSigning.streamInput(subject: up, seq: 2, close: true, payload: []))
        try dialler.client.publish(
            up, payload: [], headers: NATSHeaders([("Seq", "2"), ("Close", "1"), ("Sig", Base64URL.encode(forgedClose))]))
        let signedTwo = try dialler.signature("two\n", seq: 2)
        try dialler.client.publish(up, payload: Array("TWO\n".utf8), headers: NATSHeaders([("Seq", "2"), ("Sig", signedTwo)]))
        try dialler.send("one\n", seq: 1)
        // then none of it reaches the service, the connection goes on with the real Seq 2, and the
        // host counted three bad signatures and one replay.
        try dialler.send("two\n", seq: 2)
        let two = try #require(try await dialler.next())
        #expect(two.payload == Array("TWO\n".utf8) && two.headers?["Seq"] == "2")
        #expect(room.server.drops == NATSTunnelDrops(badSignature: 3, replayed: 1))
        await dialler.close()
        await room.close()
        await nats.stop()
    }

    @Test func aDialWithoutTheSecretOrWithAUsedIDIsRefusedSignedWithItsReason() async throws {
        let nats = try await NATSServerProcess.start()
        let room = try await servedRoom(nats)
        let code = room.server.code
        let wrong = try #require(NATSPairCode(parsing: code.room + "-" + String(repeating: "a", count: NATSPairCode.secretLength)))
        let guesser = try await HandMadeDialler(nats, code: wrong)
        #expect(try await guesser.dial() == .refused(reason: "wrong_secret"))

        let dialler = try await HandMadeDialler(nats, code: code)
        #expect(try await dialler.dial() == .ok(hostKey: try #require(dialler.hostKey)))
        // The same dial again, as a sniffer would replay it: the same attempt, which opens nothing
        // and is not answered (an answer could only ever reach the dial's own inbox), counted.
        await #expect(throws: NATSError.self) { try await dialler.dial(timeout: .seconds(1)) }
        // Another joiner's dial of the same id: the id was used.
        let reuser = try await HandMadeDialler(nats, code: code, id: dialler.id)
        #expect(try await reuser.dial() == .refused(reason: "used_id"))
        // An unsigned dial that names only an id.
        let answer = try await dialler.client.request(
            room.server.subjects.dial, payload: [], headers: NATSHeaders([("Id", "ABCDEFGH12345678")]))
        #expect(answer.headers?["Answer"] == "refused" && answer.headers?["Reason"] == "bad_dial")
        #expect(room.server.drops == NATSTunnelDrops(replayed: 1, refusedDials: 3))
        await reuser.close()
        await guesser.close()
        await dialler.close()
        await room.close()
        await nats.stop()
    }

    @Test func aForgedAnswerToTheJoinersDialIsSkippedAndTheHostsIsTaken() async throws {
        let nats = try await NATSServerProcess.start()
        let room = try await servedRoom(nats)
        // A forger that answers every dial at once, before the host: "refused", with its own key.
        let forger = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let dials = try forger.subscribe(room.server.subjects.dial)
        let forgerKey = try NATSPairSigning.newKey()
        let forging = Task {
            for await dial in dials.messages {
                guard let replyTo = dial.replyTo else { continue }
                let headers = try? NATSTunnelDial.answerHeaders(
                    room: room.server.code.room, to: NATSTunnelDial.Binding(dial.headers), answer: "refused", reason: "wrong_secret",
                    hostKey: forgerKey)
                try? forger.publish(replyTo, payload: [], headers: headers)
                try? forger.publish(replyTo, payload: [], headers: NATSHeaders(status: 503))
            }
        }
        try await forger.flush()
        let joinClient = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let tunnel = try await NATSTunnelClient(client: joinClient, code: room.server.code)
        let carrying = Task { await tunnel.run() }
        let dialer = tunnel.dialer
        let local = try await withTimeout { try await dialer.dial(timeout: .seconds(5), options: NATSTunnelPipe.localOptions) }
        local.enqueue(Array("hello\n".utf8))
        #expect(try await receive(6, from: local) == Array("HELLO\n".utf8))
        // The probe's and the dial's forged answers, each counted once (a 503 is not an answer).
        #expect(tunnel.drops.badSignature >= 1)
        local.close()
        forging.cancel()
        carrying.cancel()
        await forger.close()
        await joinClient.close()
        await room.close()
        await nats.stop()
    }

    @Test func aDrainedTunnelPublishesTheLastBytesWrittenBeforeItsNATSClientCloses() async throws {
        let nats = try await NATSServerProcess.start()
        // A service that keeps everything it receives until the connection ends.
        let service = SocketPairListener(backlog: 8)
        let received = Task { () -> [UInt8] in
            guard let connection = try? await service.accept(options: NATSTunnelPipe.localOptions) else { return [] }
            var bytes: [UInt8] = []
            do {
                for try await chunk in connection.frames { bytes += chunk }
            } catch {}
            return bytes
        }
        let hostClient = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let server = try NATSTunnelServer(client: hostClient, listener: service)
        let dials = try await server.open()
        let served = Task { await server.run(dials) }
        let joinClient = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        let tunnel = try await NATSTunnelClient(client: joinClient, code: server.code)
        let carrying = Task { await tunnel.run() }
        let dialer = tunnel.dialer
        let local = try await withTimeout { try await dialer.dial(timeout: .seconds(5), options: NATSTunnelPipe.localOptions) }

        // Given a connection whose last 400 lines are written and that closes at once, when the
        // tunnel is drained and then its NATS client closed (as a process that ends does),
        var sent: [UInt8] = []
        for index in 0..<400 {
            let line = Array("the last words, line \(index)\n".utf8)
            sent += line
            try await local.send(line)
        }
        local.close()
        await tunnel.drain(within: .seconds(5))
        await joinClient.close()
        // then every byte reached the service, and the signed Close ended its connection.
        #expect(try await withTimeout(30) { await received.value } == sent)
        carrying.cancel()
        served.cancel()
        service.close()
        await hostClient.close()
        await nats.stop()
    }

    private func receive(_ count: Int, from local: TCPConnection) async throws -> [UInt8] {
        try await withTimeout {
            var received: [UInt8] = []
            for try await chunk in local.frames {
                received += chunk
                if received.count >= count { break }
            }
            return received
        }
    }
}

/// A joiner written by hand from PROTOCOL.md section 12: its own key, a dial, signed messages.
private final class HandMadeDialler: Sendable {
    let client: NATSClient
    let code: NATSPairCode
    let subjects: NATSTunnelSubjects
    let key: Ed25519PrivateKey
    let id: String
    let down: NATSSubscription
    private let answered = Mutex<Ed25519PublicKey?>(nil)

    init(_ nats: NATSServerProcess, code: NATSPairCode, id: String = NATSTunnelID.random()) async throws {
        client = try await NATSClient.connect(NATSClientOptions(url: nats.url))
        self.code = code
        self.id = id
        subjects = NATSTunnelSubjects(room: code.room)
        key = try NATSPairSigning.newKey()
        down = try client.subscribe(subjects.toClient(id))
    }

    var hostKey: Ed25519PublicKey? { answered.withLock { $0 } }

    /// Dials connection `id`; the host's answer, checked.
    @discardableResult
    func dial(timeout: Duration = .seconds(10)) async throws -> NATSTunnelDial.Answer? {
        let headers = try NATSTunnelDial.requestHeaders(room: code.room, id: id, key: key, secret: code.secret)
        let reply = try await client.request(subjects.dial, payload: [], headers: headers, timeout: timeout)
        let answer = NATSTunnelDial.answer(reply, room: code.room, to: NATSTunnelDial.Binding(headers))
        if case .ok(let hostKey) = answer { answered.withLock { $0 = hostKey } }
        return answer
    }

    func signature(_ text: String, seq: Int) throws -> String {
        Base64URL.encode(try key.signature(
            for: NATSPairSigning.streamInput(subject: subjects.toServer(id), seq: seq, close: false, payload: Array(text.utf8))))
    }

    func send(_ text: String, seq: Int) throws {
        try client.publish(
            subjects.toServer(id), payload: Array(text.utf8), headers: NATSHeaders([("Seq", String(seq)), ("Sig", try signature(text, seq: seq))]))
    }

    func next() async throws -> NATSMessage? {
        try await MateRunNATSTestSupport.next(down.messages)
    }

    func isSignedByHost(_ message: NATSMessage, seq: Int, close: Bool) -> Bool {
        guard let hostKey else { return false }
        let input = NATSPairSigning.streamInput(subject: subjects.toClient(id), seq: seq, close: close, payload: message.payload)
        return NATSPairSigning.isSigned(input, by: hostKey, signature: message.headers?["Sig"])
    }

    func close() async {
        await client.close()
    }
}
