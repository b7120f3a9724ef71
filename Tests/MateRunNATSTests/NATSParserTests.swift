@testable import MateRunNATS
import Testing

/// The parser on its own: bytes in, typed operations out, hostile bytes a typed error.
@Suite struct NATSParserTests {
    private func parse(_ text: String, maxPayload: Int = 1024, maxControlLine: Int = 4096) throws -> [NATSServerMessage] {
        var parser = NATSParser(maxControlLine: maxControlLine, maxPayload: maxPayload)
        return try parser.append(Array(text.utf8))
    }

    @Test func readsEveryOperationTheServerSends() throws {
        let messages = try parse(
            "INFO {\"server_id\":\"S\",\"max_payload\":512,\"headers\":true}\r\nPING\r\nPONG\r\n+OK\r\n-ERR 'Authorization Violation'\r\n")
        #expect(messages == [
            .info(NATSServerInfo(serverID: "S", maxPayload: 512, headers: true)), .ping, .pong, .ok,
            .error(NATSServerError(message: "Authorization Violation")),
        ])
        if case .error(let error) = messages.last {
            #expect(error.kind == .authorizationViolation)
            #expect(!error.keepsConnection)
        }
    }

    @Test func takesAPayloadByItsLengthEvenWhenItHoldsLineEnds() throws {
        let messages = try parse("MSG a.b 7 _INBOX.x 9\r\nline\r\nend\r\n")
        #expect(messages == [.message(NATSMessage(subject: "a.b", sid: 7, replyTo: "_INBOX.x", payload: Array("line\r\nend".utf8)))])
    }

    @Test func readsHeadersAndTheNoRespondersStatus() throws {
        let headers = "NATS/1.0\r\nName: Ann\r\nName: Bo\r\n\r\n"
        let text = "HMSG s 1 \(headers.utf8.count) \(headers.utf8.count + 2)\r\n\(headers)hi\r\nHMSG r 2 16 16\r\nNATS/1.0 503\r\n\r\n\r\n"
        let messages = try parse(text)
        guard messages.count == 2, case .message(let first) = messages[0], case .message(let second) = messages[1] else {
            Issue.record("expected two messages, got \(messages)")
            return
        }
        #expect(first.headers?.fields.map(\.value) == ["Ann", "Bo"])
        #expect(first.headers?["name"] == "Ann")
        #expect(first.payload == Array("hi".utf8))
        #expect(second.headers?.status == 503)
        #expect(second.payload.isEmpty)
    }

    @Test func waitsForAMessageSplitAnywhereAcrossChunks() throws {
        let wire = Array("PING\r\nMSG subject 3 5\r\nhello\r\nPONG\r\n".utf8)
        for cut in 0...wire.count {
            var parser = NATSParser()
            var messages = try parser.append(wire[..<cut])
            messages += try parser.append(wire[cut...])
            #expect(messages == [.ping, .message(NATSMessage(subject: "subject", sid: 3, payload: Array("hello".utf8))), .pong])
        }
    }

    @Test func acceptsLowerCaseOperationsAndBareNewlines() throws {
        #expect(try parse("ping\nmsg a 1 2\nhi\n") == [.ping, .message(NATSMessage(subject: "a", sid: 1, payload: Array("hi".utf8)))])
    }

    @Test func refusesALengthThatLies() {
        #expect(throws: NATSProtocolError.payloadNotTerminated(subject: "a")) {
            try parse("MSG a 1 3\r\nhello\r\n")
        }
    }

    @Test func refusesAPayloadOverTheLimitBeforeBufferingIt() {
        #expect(throws: NATSProtocolError.payloadTooLarge(bytes: 2_000_000_000, limit: 1024)) {
            try parse("MSG a 1 2000000000\r\n")
        }
    }

    @Test(arguments: [
        "HELLO world\r\n", "MSG a\r\n", "MSG a b 3\r\nabc\r\n", "MSG a 1 -3\r\n", "MSG a 1 2 3 4\r\n",
        "HMSG a 1 5 3\r\nabc\r\n", "HMSG a 1 4 4\r\nabcd\r\n", "INFO nope\r\n", "INFO [1]\r\n",
        "INFO {\"max_payload\":-1}\r\n", "\u{1b}[2J\r\n", "MSG a 1 99999999999\r\n",
    ])
    func refusesGarbageWithATypedError(_ text: String) {
        #expect(throws: NATSProtocolError.self) { try parse(text) }
    }

    @Test func refusesAControlLineThatNeverEnds() {
        var parser = NATSParser(maxControlLine: 100)
        #expect(throws: NATSProtocolError.controlLineTooLong(limit: 100)) {
            for _ in 0..<10 { _ = try parser.append([UInt8](repeating: UInt8(ascii: "A"), count: 50)) }
        }
    }

    @Test func showsHostileBytesEscapedInItsErrors() {
        do {
            _ = try parse("\u{1b}]0;owned\u{7}\r\n")
            Issue.record("garbage was accepted")
        } catch let error as NATSProtocolError {
            #expect(!error.description.contains("\u{1b}"))
            #expect(error.description.contains("\\x1b"))
        } catch {
            Issue.record("untyped error \(error)")
        }
    }

    @Test func neverCrashesOnRandomBytes() {
        var generator = SplitMix(seed: 15)
        for _ in 0..<2000 {
            let length = Int(generator.next() % 64)
            let alphabet = Array("MSG HMSG PING PONG INFO -ERR +OK 0123456789 \r\n{}\"ab.".utf8)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var parser = NATSParser(maxControlLine: 256, maxPayload: 64)
            _ = try? parser.append(bytes)
        }
    }
}

/// A tiny seeded generator, so the random-bytes test is the same every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
