import Foundation
import MateRunCrypto
import MateRunNATS
@testable import MateRunRelay
import Testing

/// Keeps PROTOCOL.md section 12.7 honest: its example exchange is parsed from the document and
/// every key, proof, signature and size in it is checked the way materun's host and joiner check
/// them, so that a client written from the example gets the signing inputs right.
@Suite struct NATSPairExampleTests {
    /// One NATS message of the example: its command line, its header fields and its payload.
    struct Message {
        let line: [Substring]
        let headers: NATSHeaders
        let payload: [UInt8]
        let headerBytes: Int

        var verb: Substring { line[0] }
        var subject: String { String(line[1]) }

        func nats() -> NATSMessage {
            NATSMessage(subject: subject, sid: 1, headers: headers, payload: payload)
        }
    }

    static let document: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PROTOCOL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Section 12.7's text, and the messages of its code block.
    static func example() throws -> (text: Substring, messages: [Message]) {
        let start = try #require(document.range(of: "### 12.7 Example"))
        let section = document[start.upperBound...]
        let open = try #require(section.range(of: "```\n"))
        let close = try #require(section[open.upperBound...].range(of: "\n```"))
        var lines = section[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)[...]
        var messages: [Message] = []
        while let line = lines.popFirst() {
            let words = line.split(separator: " ")
            guard let verb = words.first, ["HPUB", "HMSG", "PUB"].contains(verb) else { continue }
            var headers = NATSHeaders()
            var headerText = ""
            if verb != "PUB" {
                #expect(lines.popFirst() == "NATS/1.0")
                headerText = "NATS/1.0\r\n"
                while let field = lines.popFirst(), !field.isEmpty {
                    let parts = field.split(separator: ":", maxSplits: 1)
                    headers.fields.append((name: String(parts[0]), value: String(parts[1].dropFirst())))
                    headerText += field + "\r\n"
                }
                headerText += "\r\n"
            } else {
                _ = lines.popFirst()
            }
            let total = Int(words.last ?? "") ?? -1
            let headerBytes = headerText.utf8.count
            var payload: [UInt8] = []
            if total > headerBytes, let text = lines.popFirst() {
                payload = Array(text.utf8) + [0x0A]
            }
            if verb != "PUB" { #expect(Int(words[words.count - 2]) == headerBytes, "header size of \(line)") }
            #expect(total == headerBytes + payload.count, "total size of \(line)")
            messages.append(Message(line: words, headers: headers, payload: payload, headerBytes: headerBytes))
        }
        return (section[..<close.lowerBound], messages)
    }

    @Test func theExampleExchangeChecksAsTheHostAndTheJoinerCheckIt() throws {
        let (text, messages) = try Self.example()
        let codeText = try #require(text.firstMatch(of: /code `([a-z2-7]{16}-[a-z2-7]{12})`/)?.1)
        let code = try #require(NATSPairCode(parsing: String(codeText)))
        let hostKey = try Ed25519PrivateKey(seed: Array(1...32))
        let joinerKey = try Ed25519PrivateKey(seed: Array(33...64))
        #expect(try NATSPairCode.room(of: hostKey.publicKey) == code.room)
        try #require(messages.count == 7)
        let (probe, served, dial, answer, hello, welcome, close) =
            (messages[0], messages[1], messages[2], messages[3], messages[4], messages[5], messages[6])

        #expect(probe.verb == "PUB" && probe.subject == "materun.pair.\(code.room).dial" && NATSTunnelDial.isProbe(probe.nats()))
        #expect(NATSTunnelDial.answer(served.nats(), room: code.room, to: .probe) == .served)

        let request = try NATSTunnelDial.check(dial.headers, room: code.room, secret: code.secret).get()
        #expect(request.joinerKey == joinerKey.publicKey)
        #expect(dial.headers == (try NATSTunnelDial.requestHeaders(room: code.room, id: request.id, key: joinerKey, secret: code.secret)))
        #expect(
            NATSTunnelDial.answer(answer.nats(), room: code.room, to: request.binding) == .ok(hostKey: hostKey.publicKey))
        // An answer is bound to its dial: the same answer does not check for a dial that differs
        // in its proof or its signature (an altered copy), nor for a probe.
        var altered = request.binding
        altered.proof = String(repeating: "B", count: 43)
        #expect(NATSTunnelDial.answer(answer.nats(), room: code.room, to: altered) == nil)
        altered = request.binding
        altered.signature = String(repeating: "C", count: 86)
        #expect(NATSTunnelDial.answer(answer.nats(), room: code.room, to: altered) == nil)
        #expect(NATSTunnelDial.answer(answer.nats(), room: code.room, to: .probe) == nil)

        let subjects = NATSTunnelSubjects(room: code.room)
        #expect(hello.subject == subjects.toServer(request.id) && welcome.subject == subjects.toClient(request.id))
        #expect(String(decoding: hello.payload, as: UTF8.self).contains("\"code\":\"\(code.room)\""))
        #expect(NATSTunnelPipe.verdict(hello.nats(), on: hello.subject, from: joinerKey.publicKey, expected: 1) == .next(close: false))
        #expect(NATSTunnelPipe.verdict(welcome.nats(), on: welcome.subject, from: hostKey.publicKey, expected: 1) == .next(close: false))
        let closeSeq = try #require(close.headers["Seq"].flatMap(Int.init))
        #expect(NATSTunnelPipe.verdict(close.nats(), on: close.subject, from: joinerKey.publicKey, expected: closeSeq) == .next(close: true))
        // And the same message is a replay once received, a forgery from any other key.
        #expect(NATSTunnelPipe.verdict(hello.nats(), on: hello.subject, from: joinerKey.publicKey, expected: 2) == .replayed)
        #expect(NATSTunnelPipe.verdict(hello.nats(), on: hello.subject, from: hostKey.publicKey, expected: 1) == .forged)
    }
}
