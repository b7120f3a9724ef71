import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// The client against a real nats-server started for each test on a port of its own.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSClientRealServerTests {
    private func options(_ server: NATSServerProcess) -> NATSClientOptions {
        var options = NATSClientOptions(url: server.url)
        options.reconnectDelay = .milliseconds(50)
        options.maxReconnectDelay = .milliseconds(500)
        return options
    }

    @Test func publishesAndReceivesPayloadsAndHeadersThroughTheServer() async throws {
        let server = try await NATSServerProcess.start()
        let receiver = try await NATSClient.connect(options(server))
        let sender = try await NATSClient.connect(options(server))
        let subscription = try receiver.subscribe("run.*.progress")
        try await receiver.flush()
        try sender.publish("run.ann.progress", payload: Array("a\r\nMSG x 1 1\r\n".utf8))
        try sender.publish("run.bo.progress", payload: Array("b".utf8), headers: NATSHeaders([("Seq", "7")]))
        let received = try await withTimeout {
            var received: [NATSMessage] = []
            for await message in subscription.messages {
                received.append(message)
                if received.count == 2 { break }
            }
            return received
        }
        #expect(received.map(\.subject) == ["run.ann.progress", "run.bo.progress"])
        #expect(received[0].payload == Array("a\r\nMSG x 1 1\r\n".utf8))
        #expect(received[1].headers?["seq"] == "7")
        #expect(receiver.serverInfo.maxPayload == 1_048_576)
        await receiver.close()
        await sender.close()
        await server.stop()
    }

    @Test func requestGetsItsReplyAndNobodyListeningIsNoResponders() async throws {
        let server = try await NATSServerProcess.start()
        let responder = try await NATSClient.connect(options(server))
        let requester = try await NATSClient.connect(options(server))
        let service = try responder.subscribe("echo")
        try await responder.flush()
        let serving = Task {
            for await message in service.messages {
                guard let reply = message.replyTo else { continue }
                try? responder.publish(reply, payload: message.payload.reversed())
            }
        }
        let reply = try await requester.request("echo", payload: Array("abc".utf8), timeout: .seconds(60))
        #expect(reply.payload == Array("cba".utf8))
        await #expect(throws: NATSError.self) {
            _ = try await requester.request("nobody.here", payload: [], timeout: .seconds(60))
        }
        serving.cancel()
        await responder.close()
        await requester.close()
        await server.stop()
    }

    @Test func aPayloadOverMaxPayloadIsRefused() async throws {
        let server = try await NATSServerProcess.start()
        let client = try await NATSClient.connect(options(server))
        #expect(throws: NATSError.self) {
            try client.publish("big", payload: [UInt8](repeating: 0, count: client.serverInfo.maxPayload + 1))
        }
        await client.close()
        await server.stop()
    }

    @Test func tokenAndUserPasswordAreSentAndAWrongOneIsATypedError() async throws {
        let tokenServer = try await NATSServerProcess.start(arguments: ["--auth", "s3cret"])
        var good = options(tokenServer)
        good.url.credentials = .token("s3cret")
        let client = try await NATSClient.connect(good)
        try await client.flush()
        await client.close()
        var bad = good
        bad.url.credentials = .token("wrong")
        do {
            _ = try await NATSClient.connect(bad)
            Issue.record("a wrong token was accepted")
        } catch .server(let error) {
            #expect(error.kind == .authorizationViolation)
        }
        await tokenServer.stop()

        let userServer = try await NATSServerProcess.start(arguments: ["--user", "ann", "--pass", "p@ss"])
        var user = options(userServer)
        user.url = try NATSURL(parsing: "nats://ann:p%40ss@127.0.0.1:\(userServer.port)")
        let userClient = try await NATSClient.connect(user)
        try await userClient.flush()
        await userClient.close()
        await userServer.stop()
    }

    @Test func aRestartedServerIsRedialledAndSubscriptionsComeBack() async throws {
        let server = try await NATSServerProcess.start()
        let receiver = try await NATSClient.connect(options(server))
        let subscription = try receiver.subscribe("after.restart")
        try await receiver.flush()
        await server.stop()
        guard case .disconnected? = try await next(receiver.events) else {
            Issue.record("no disconnect")
            return
        }
        let restarted = try await server.restarted()
        #expect(try await isReconnection(next(receiver.events)))
        try await receiver.flush()
        let sender = try await NATSClient.connect(options(restarted))
        try sender.publish("after.restart", payload: Array("back".utf8))
        #expect(try await next(subscription.messages)?.payload == Array("back".utf8))
        await sender.close()
        await receiver.close()
        await restarted.stop()
    }

    @Test func aQueueGroupSharesMessagesBetweenItsMembers() async throws {
        let server = try await NATSServerProcess.start()
        let a = try await NATSClient.connect(options(server))
        let b = try await NATSClient.connect(options(server))
        let first = try a.subscribe("work", queue: "workers")
        let second = try b.subscribe("work", queue: "workers")
        try await a.flush()
        try await b.flush()
        let sender = try await NATSClient.connect(options(server))
        for index in 0..<20 { try sender.publish("work", payload: [UInt8(index)]) }
        try await sender.flush()
        // Each message goes to exactly one member: both members feed one stream, read until
        // every payload is in; a duplicate would show in the count.
        let (merged, sink) = AsyncStream.makeStream(of: UInt8.self)
        let readers = [first, second].map { subscription in
            Task {
                for await message in subscription.messages {
                    message.payload.forEach { sink.yield($0) }
                }
            }
        }
        let (counted, distinct) = try await withTimeout {
            var counted = 0
            var distinct = Set<UInt8>()
            for await payload in merged {
                counted += 1
                distinct.insert(payload)
                if distinct.count == 20 { break }
            }
            return (counted, distinct.count)
        }
        readers.forEach { $0.cancel() }
        #expect(distinct == 20)
        #expect(counted == 20)
        await a.close()
        await b.close()
        await sender.close()
        await server.stop()
    }
}

/// NKEY login against a real nats-server whose configuration names one user by public key.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSNKeyRealServerTests {
    /// A server that lets in only the user of `seed`, from a configuration file in a fresh folder;
    /// its authentication timeout is 30 s (2 s by default), which a loaded CI machine once missed.
    private func server(admitting user: NATSUserCredentials) async throws -> (NATSServerProcess, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materun-nkey-\(NATSClient.randomToken(length: 8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("server.conf")
        try "authorization { timeout: 30, users = [ { nkey: \"\(user.publicKey)\" } ] }\n".write(to: config, atomically: true, encoding: .utf8)
        return (try await NATSServerProcess.start(arguments: ["-c", config.path]), folder)
    }

    /// The server's `-ERR` when connecting with `options`; nil (and an issue) when let in.
    private func refusal(of options: NATSClientOptions) async -> NATSServerError? {
        do {
            let client = try await NATSClient.connect(options)
            Issue.record("a seed the server does not know was let in")
            await client.close()
            return nil
        } catch {
            guard case .server(let serverError) = error else {
                Issue.record("refused for another reason: \(error)")
                return nil
            }
            return serverError
        }
    }

    @Test func theUserOfTheConfiguredKeyIsLetInAndAnotherSeedIsRefused() async throws {
        let user = try NATSUserCredentials(parsing: NATSUserCredentials.seedText(of: (0..<32).map { UInt8($0 * 3) }))
        let stranger = try NATSUserCredentials(parsing: NATSUserCredentials.seedText(of: (0..<32).map { UInt8($0 * 5) }))
        let (server, folder) = try await server(admitting: user)
        defer { try? FileManager.default.removeItem(at: folder) }

        var options = NATSClientOptions(url: server.url)
        options.userCredentials = user
        let client = try await NATSClient.connect(options)
        let subscription = try client.subscribe("signed.in")
        try await client.flush()
        try client.publish("signed.in", payload: Array("hello".utf8))
        #expect(try await next(subscription.messages)?.payload == Array("hello".utf8))
        await client.close()

        options.userCredentials = stranger
        let refusal = await refusal(of: options)
        #expect(refusal?.kind == .authorizationViolation)
        #expect(refusal.map { "\(NATSError.server($0))" }?.contains("Authorization Violation") == true)
        options.userCredentials = nil
        await #expect(throws: NATSError.self) { _ = try await NATSClient.connect(options) }
        await server.stop()
    }
}
