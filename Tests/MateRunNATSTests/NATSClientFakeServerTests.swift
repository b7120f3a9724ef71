@testable import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// The client against a server played by the test: what a broken or hostile server does to it.
@Suite struct NATSClientFakeServerTests {
    private func options(_ server: FakeNATSServer) -> NATSClientOptions {
        var options = NATSClientOptions(url: server.url)
        // A bound against a hang, not a measurement: the fake server answers on the test's own
        // tasks, which a loaded machine can hold up for seconds (5 s was missed under load).
        options.connectTimeout = .seconds(30)
        options.reconnectDelay = .milliseconds(20)
        return options
    }

    private func connect(_ server: FakeNATSServer, options: NATSClientOptions? = nil) async throws -> (NATSClient, FakeClientConnection) {
        async let accepted = server.acceptAndGreet()
        let chosen = options ?? self.options(server)
        let client = try await withTimeout { try await NATSClient.connect(chosen) }
        return (client, try await accepted)
    }

    @Test func connectsWithCredentialsAndAnswersTheServersPing() async throws {
        let server = try FakeNATSServer()
        var tokenOptions = options(server)
        tokenOptions.url.credentials = .token("t0k")
        let options = tokenOptions
        async let client = withTimeout { try await NATSClient.connect(options) }
        let connection = try await server.accept()
        try await connection.send(FakeNATSServer.info)
        let connect = try await connection.line(startingWith: "CONNECT")
        #expect(connect.contains("\"auth_token\":\"t0k\""))
        #expect(connect.contains("\"verbose\":false"))
        _ = try await connection.line(startingWith: "PING")
        try await connection.send("PONG\r\nPING\r\n")
        #expect(try await withTimeout { await connection.line() } == "PONG")
        try await client.close()
    }

    @Test func aCredsFileAnswersTheNonceWithItsJWTKeyAndSignature() async throws {
        let server = try FakeNATSServer()
        var credsOptions = options(server)
        let jwt = "eyJhbGciOiJlZDI1NTE5LW5rZXkifQ.eyJzdWIiOiJVIn0.c2ln"
        let user = try NATSUserCredentials(parsing: """
            -----BEGIN NATS USER JWT-----
            \(jwt)
            ------END NATS USER JWT------
            -----BEGIN USER NKEY SEED-----
            \(NATSUserCredentials.seedText(of: [UInt8](repeating: 9, count: 32)))
            ------END USER NKEY SEED------
            """)
        credsOptions.userCredentials = user
        let options = credsOptions
        async let client = withTimeout { try await NATSClient.connect(options) }
        let connection = try await server.accept()
        try await connection.send("INFO {\"server_id\":\"fake\",\"nonce\":\"n0nce-XY\",\"headers\":true}\r\n")
        let connect = try await connection.line(startingWith: "CONNECT")
        _ = try await connection.line(startingWith: "PING")
        try await connection.send("PONG\r\n")

        #expect(connect.contains("\"jwt\":\"\(jwt)\""))
        #expect(connect.contains("\"nkey\":\"\(user.publicKey)\""))
        #expect(connect.contains("\"sig\":\"\(try user.signature(ofNonce: "n0nce-XY"))\""))
        try await client.close()
    }

    @Test func anErrAtConnectIsATypedError() async throws {
        let server = try FakeNATSServer()
        let options = options(server)
        async let attempt: NATSError? = withTimeout { () async throws -> NATSError? in
            do throws(NATSError) {
                try await NATSClient.connect(options).close()
                return nil
            } catch { return error }
        }
        let connection = try await server.accept()
        try await connection.send(FakeNATSServer.info)
        _ = try await connection.line(startingWith: "PING")
        try await connection.send("-ERR 'Authorization Violation'\r\n")
        guard case .server(let error)? = try await attempt else {
            Issue.record("connect did not fail with the server's error")
            return
        }
        #expect(error.kind == .authorizationViolation)
    }

    @Test func aServerSilentDuringTheHandshakeTimesOut() async throws {
        let server = try FakeNATSServer()
        var shortOptions = options(server)
        shortOptions.connectTimeout = .milliseconds(500)
        let options = shortOptions
        async let attempt: String? = withTimeout {
            do {
                _ = try await NATSClient.connect(options)
                return nil
            } catch { return "\(error)" }
        }
        let connection = try await server.accept()
        // (On a slow machine the client may give up before the INFO is even sent.)
        try? await connection.send(FakeNATSServer.info)
        // Never answers the PING.
        let error = try await attempt
        #expect(error != nil)
        connection.connection.close()
    }

    @Test(arguments: [
        "MSG a 1 3\r\nhello\r\n", "GARBAGE\r\n", "MSG a 1 999999999\r\n", "HMSG a 1 9 3\r\nabc\r\n",
        "INFO {not json}\r\n",
    ])
    func hostileBytesDropTheConnectionAndTheClientRedialsAndSubscribesAgain(_ hostile: String) async throws {
        let server = try FakeNATSServer()
        let (client, connection) = try await connect(server)
        let subscription = try client.subscribe("board.>")
        _ = try await withTimeout { try await connection.line(startingWith: "SUB board.>") }
        try await connection.send(hostile)
        let disconnected = try await next(client.events)
        guard case .disconnected(let reason) = disconnected else {
            Issue.record("expected a disconnect, got \(String(describing: disconnected))")
            return
        }
        #expect(reason.contains("protocol"))
        // The client dials again, makes its subscription again, and messages flow.
        let second = try await server.acceptAndGreet()
        #expect(try await withTimeout { try await second.line(startingWith: "SUB") } == "SUB board.> \(subscription.sid)")
        #expect(try await isReconnection(next(client.events)))
        try await second.send("MSG board.x \(subscription.sid) 2\r\nok\r\n")
        #expect(try await next(subscription.messages)?.payload == Array("ok".utf8))
        await client.close()
    }

    @Test func aServerThatGoesSilentIsDroppedAfterUnansweredPings() async throws {
        let server = try FakeNATSServer()
        var options = options(server)
        options.pingInterval = .milliseconds(200)
        options.maxPingsOut = 1
        let (client, connection) = try await connect(server, options: options)
        // The fake reads nothing and answers nothing from now on.
        let event = try await next(client.events)
        guard case .disconnected = event else {
            Issue.record("expected a disconnect, got \(String(describing: event))")
            return
        }
        _ = connection
        await client.close()
    }

    @Test func aPayloadOverTheServersMaxPayloadIsRefusedBeforeSending() async throws {
        let server = try FakeNATSServer()
        async let accepted = server.acceptAndGreet(info: "INFO {\"max_payload\":8}\r\n")
        let options = options(server)
        let client = try await withTimeout { try await NATSClient.connect(options) }
        _ = try await accepted
        #expect(client.serverInfo.maxPayload == 8)
        try client.publish("a", payload: Array("12345678".utf8))
        #expect(throws: NATSError.self) { try client.publish("a", payload: Array("123456789".utf8)) }
        await client.close()
    }

    @Test func headersAreRefusedBeforeSendingToAServerThatTakesNone() async throws {
        let server = try FakeNATSServer()
        async let accepted = server.acceptAndGreet(info: "INFO {\"headers\":false}\r\n")
        let options = options(server)
        let client = try await withTimeout { try await NATSClient.connect(options) }
        _ = try await accepted
        #expect(throws: NATSError.self) { try client.publish("a", payload: [], headers: NATSHeaders([("K", "v")])) }
        try client.publish("a", payload: [])
        await client.close()
    }

    @Test func aReaderThatFallsBehindLosesTheOldestMessagesAndTheyAreCounted() async throws {
        let server = try FakeNATSServer()
        var small = options(server)
        small.subscriptionBufferLimit = 2
        let (client, connection) = try await connect(server, options: small)
        let subscription = try client.subscribe("s")
        _ = try await withTimeout { try await connection.line(startingWith: "SUB s") }
        try await connection.send((1...5).map { "MSG s \(subscription.sid) 1\r\n\($0)\r\n" }.joined() + "PING\r\n")
        _ = try await withTimeout { try await connection.line(startingWith: "PONG") }
        #expect(client.droppedMessageCount == 3)
        #expect(try await next(subscription.messages)?.payload == Array("4".utf8))
        await client.close()
    }

    @Test func aServerThatReadsNothingFillsABoundedOutboxThenPublishesFail() async throws {
        let server = try StalledNATSServer()
        defer { server.close() }
        var options = NATSClientOptions(url: server.url)
        options.outboxLimitBytes = 256 * 1024
        let bounded = options
        let client = try await withTimeout { try await NATSClient.connect(bounded) }
        let payload = [UInt8](repeating: 0x41, count: 16 * 1024)
        var refused: NATSError?
        // The kernel's buffers take a few megabytes; after that the outbox bound must hold.
        for index in 0..<20_000 {
            do {
                try client.publish("flood", payload: payload)
            } catch {
                refused = error
                break
            }
            if index % 64 == 63 { await Task.yield() }
        }
        guard case .outboxFull(let limit)? = refused else {
            Issue.record("a stuck server never filled the outbox: \(String(describing: refused))")
            return
        }
        #expect(limit == 256 * 1024)
        client.shutDown(reason: "test over")
    }

    @Test func publishesWhileDisconnectedAreHeldBoundedAndSentAfterTheRedial() async throws {
        let server = try FakeNATSServer()
        var options = options(server)
        options.outboxLimitBytes = 100
        let (client, connection) = try await connect(server, options: options)
        connection.connection.close()
        guard case .disconnected? = try await next(client.events) else {
            Issue.record("no disconnect")
            return
        }
        try client.publish("held", payload: Array("one".utf8))
        #expect(throws: NATSError.self) { try client.publish("held", payload: [UInt8](repeating: 0, count: 100)) }
        let second = try await server.acceptAndGreet()
        #expect(try await withTimeout { try await second.line(startingWith: "PUB") } == "PUB held 3")
        await client.close()
    }

    @Test func aRequestTimesOutWhenNoReplyComes() async throws {
        let server = try FakeNATSServer()
        let (client, connection) = try await connect(server)
        await #expect(throws: NATSError.self) {
            _ = try await client.request("nobody", payload: [], timeout: .milliseconds(200))
        }
        _ = connection
        await client.close()
    }
}
