@testable import MateRunNATS
import Testing

/// What the client writes, and the URLs and subjects it accepts.
@Suite struct NATSWireTests {
    @Test func readsCredentialsFromTheURL() throws {
        #expect(try NATSURL(parsing: "nats://127.0.0.1:4333") == NATSURL(endpoint: .init(host: "127.0.0.1", port: 4333)))
        #expect(try NATSURL(parsing: "nats://example.org").endpoint.port == 4222)
        #expect(try NATSURL(parsing: "nats://s3cr%40t@h:1").credentials == .token("s3cr@t"))
        let url = try NATSURL(parsing: "nats://ann:p%3Ass@h:1/")
        #expect(url.credentials == .user("ann", password: "p:ss"))
        #expect(url.description == "nats://ann:***@h:1")
        #expect(!url.requiresTLS)
        let tls = try NATSURL(parsing: "TLS://ann:pw@h:1")
        #expect(tls.requiresTLS && tls.endpoint.port == 1 && tls.description == "tls://ann:***@h:1")
    }

    @Test func aRefusedURLDoesNotRepeatItsSecrets() {
        #expect {
            try NATSURL(parsing: "nats://ann:s3cret@h:x")
        } throws: { error in
            "\(error)".contains("nats://***@h:x") && !"\(error)".contains("s3cret")
        }
    }

    @Test(arguments: ["wss://h:1", "h:1", "nats://h:x", "nats://%zz@h:1", "nats://h:1/path", "nats://:p@h:1"])
    func refusesURLsItCannotDial(_ text: String) {
        #expect(throws: NATSURLError.self) { try NATSURL(parsing: text) }
    }

    @Test func writesConnectWithCredentialsAndHeadersOn() {
        let text = String(decoding: NATSCommand.connect(credentials: .user("a", password: "b\"c"), name: "n"), as: UTF8.self)
        #expect(text.hasPrefix("CONNECT {\"verbose\":false,\"pedantic\":false"))
        #expect(text.contains("\"headers\":true"))
        #expect(text.contains("\"user\":\"a\",\"pass\":\"b\\\"c\""))
        #expect(text.hasSuffix("}\r\n"))
    }

    @Test func writesPublishesWithTheirByteCounts() throws {
        let plain = NATSCommand.publish(subject: "a.b", replyTo: "r", headers: nil, payload: Array("héllo".utf8))
        #expect(String(decoding: plain, as: UTF8.self) == "PUB a.b r 6\r\nhéllo\r\n")
        let headers = try NATSHeaders([("K", "v")]).encoded()
        let withHeaders = NATSCommand.publish(subject: "a", replyTo: nil, headers: headers, payload: Array("x".utf8))
        #expect(String(decoding: withHeaders, as: UTF8.self) == "HPUB a 18 19\r\nNATS/1.0\r\nK: v\r\n\r\nx\r\n")
    }

    @Test(arguments: ["a.b", "a.*.c", "a.>", "_INBOX.x.*"])
    func acceptsSubscriptionSubjects(_ subject: String) throws {
        try NATSSubject.validate(subject, wildcards: true)
    }

    @Test(arguments: ["", "a..b", ".a", "a.", "a b", "a\r\nPUB x 1", "a.>.b", "a.b*", "a.\u{1b}"])
    func refusesSubjectsThatWouldBreakTheProtocol(_ subject: String) {
        #expect(throws: NATSError.self) { try NATSSubject.validate(subject, wildcards: true) }
    }

    @Test func refusesWildcardsInAPublishSubject() {
        #expect(throws: NATSError.self) { try NATSSubject.validate("a.*", wildcards: false) }
    }

    @Test func refusesAHeaderValueWithALineEnd() {
        #expect(throws: NATSError.self) { try NATSHeaders([("K", "v\r\nPUB x 1")]).encoded() }
    }

    @Test func waitsLongerAfterEachFailedRedialUpToTheCap() throws {
        var options = NATSClientOptions(url: try NATSURL(parsing: "nats://h:1"))
        options.reconnectDelay = .milliseconds(100)
        options.maxReconnectDelay = .seconds(1)
        #expect((0..<6).map { options.reconnectWait(attempt: $0) } == [
            .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1),
        ])
    }
}
