import Foundation
import MateRunCrypto
import MateRunDomain
@testable import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization
import Testing

/// The group service's instances in this process on a real nats-server with JetStream: who may
/// start a group, which instance may hold it, and a state altered on the server.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupServiceTests {
    private static let secret = Array(repeating: UInt8(ascii: "s"), count: 32)

    /// An instance running in a task of its own, its log kept.
    private final class Instance: Sendable {
        let service: GroupService
        let task: Task<Void, Never>
        let box = LogBox()

        init(_ server: NATSServerProcess, name: String, secret: [UInt8] = GroupServiceTests.secret) async throws {
            let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
            let box = box
            var configuration = GroupService.Configuration(secret: secret, instance: name)
            configuration.leaseTerm = .seconds(1)
            service = try await GroupService.start(
                client: client, configuration: configuration, now: { Date().timeIntervalSince1970 }, log: { box.append($0.text) })
            let service = service
            task = Task {
                try? await service.run()
                await client.close()
            }
            // Ready once it listens for creators, as `materun serve` says before anyone may ask.
            guard try await said("serving groups as \(name)") else { throw TimedOut(seconds: 60) }
        }

        /// Waits until a log line contains `text`; whether one did within 60 s (a bound for a loaded machine).
        func said(_ text: String) async throws -> Bool {
            let end = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < end {
                if box.lines.contains(where: { $0.contains(text) }) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }

        /// Stops it the way SIGTERM does: its groups handed over.
        func stop() async {
            task.cancel()
            await task.value
        }
    }

    private final class LogBox: Sendable {
        private let stored = Mutex<[String]>([])
        func append(_ line: String) { stored.withLock { $0.append(line) } }
        var lines: [String] { stored.withLock { $0 } }
    }

    /// A nats-server with JetStream and a client of it, for `body`; both ended after it.
    private static func withJetStream(_ body: (NATSServerProcess, NATSClient) async throws -> Void) async throws {
        let server = try await NATSServerProcess.start(arguments: ["-js", "-sd", NSTemporaryDirectory() + "materun-svc-\(UUID())"])
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        do {
            try await body(server, client)
        } catch {
            await client.close()
            await server.stop()
            throw error
        }
        await client.close()
        await server.stop()
    }

    /// The kinds of event `member` hears, read in the background.
    private static func listen(to member: GroupMembership) -> (heard: LogBox, reading: Task<Void, Never>) {
        let heard = LogBox()
        let reading = Task {
            for await event in member.events {
                switch event {
                case .start: heard.append("start")
                case .board: heard.append("board")
                default: heard.append("other")
                }
            }
        }
        return (heard, reading)
    }

    @Test func aServedGroupStartsOnTheStartersSignedStartAndOnNoOtherKeys() async throws {
        // Given a service, a group it made for a creator, and a runner in it
        try await Self.withJetStream { server, client in
            let instance = try await Instance(server, name: "one")
            let served = try await GroupServiceRequest.ask(client: client, terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: 100), within: .seconds(60))
            let member = try await GroupMembership.join(client: client, code: served.codes, name: "Ann")
            #expect(try await instance.said("created group \(served.codes.watch)"))

            // When a start signed by another key is published on the group's start subject
            let subject = GroupSubjects(code: served.codes.watch).start
            let stranger = try GroupSigner()
            try client.publish(
                subject, payload: GroupServiceWire.start,
                headers: stranger.headers(subject: subject, payload: GroupServiceWire.start, withKey: false))
            // Then nothing starts, while the group's boards keep coming
            let (heard, reading) = Self.listen(to: member)
            try await Task.sleep(for: .seconds(2.5))
            #expect(heard.lines.contains("board"))
            #expect(!heard.lines.contains("start"))

            // When the creator starts it
            served.start(on: client)
            // Then the runner is told the start
            let end = ContinuousClock.now + .seconds(20)
            while !heard.lines.contains("start"), ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
            #expect(heard.lines.contains("start"))
            reading.cancel()
            #expect(instance.service.stats.first?.data["groups_held"] == 1)
            await instance.stop()
        }
    }

    @Test func anInstanceWithAnotherSecretWillNotHoldAGroupAndOneWithTheSecretTakesItUp() async throws {
        // Given a group created by one instance, which then stops and hands it over
        try await Self.withJetStream { server, client in
            let first = try await Instance(server, name: "first")
            let served = try await GroupServiceRequest.ask(client: client, terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: 100), within: .seconds(60))
            let watch = served.codes.watch
            await first.stop()
            #expect(first.box.lines.contains { $0.contains("handed group \(watch) over") }, "\(first.box.lines)")

            // When an instance with another secret looks at it
            let stranger = try await Instance(server, name: "stranger", secret: Array(repeating: 1, count: 32))
            // Then it will not hold it, saying why
            #expect(try await stranger.said("will not hold group \(watch): its key is not derived from this instance's secret"))

            // And an instance with the secret takes it up, and the runner joins it
            let second = try await Instance(server, name: "second")
            #expect(try await second.said("took up group \(watch)"))
            let member = try await GroupMembership.join(client: client, code: served.codes, name: "Bo")
            #expect(member.terms.goalMetres == 1000)
            await stranger.stop()
            await second.stop()
        }
    }

    @Test func aStateAlteredOnTheServerIsRefusedByTheInstanceThatWouldTakeItUp() async throws {
        // Given a group with a runner, handed over by its instance
        try await Self.withJetStream { server, client in
            let first = try await Instance(server, name: "first")
            let served = try await GroupServiceRequest.ask(client: client, terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: 100), within: .seconds(60))
            let watch = served.codes.watch
            _ = try await GroupMembership.join(client: client, code: served.codes, name: "Cy")
            try await Task.sleep(for: .seconds(1.5))
            await first.stop()

            // When someone on the server rewrites the state's value (a runner's name changed)
            let store = try KeyValueStore(bucket: GroupServiceNames.bucket, client: client)
            let kept = try #require(try await store.get(GroupServiceNames.stateKey(watch)))
            let text = String(decoding: kept.value, as: UTF8.self)
            let envelope = try #require(try JSONSerialization.jsonObject(with: Data(kept.value)) as? [String: String])
            let value = try #require(envelope["value"].flatMap { Base64URL.decode($0) })
            let altered = String(decoding: value, as: UTF8.self).replacingOccurrences(of: "\"status\":\"ready\"", with: "\"status\":\"left\"")
            #expect(altered != String(decoding: value, as: UTF8.self))
            let forged = text.replacingOccurrences(of: envelope["value"]!, with: Base64URL.encode(Array(altered.utf8)))
            _ = try await store.put(GroupServiceNames.stateKey(watch), Array(forged.utf8))

            // Then the next instance refuses to go on from it
            let second = try await Instance(server, name: "second")
            #expect(try await second.said("will not hold group \(watch): its state does not check"))
            await second.stop()
        }
    }

    /// The service's reason for refusing a group of `maxRunners`; nil when it made one.
    private static func refusal(asking client: NATSClient, maxRunners: Int) async -> String? {
        do {
            // (60 s: thirty requests wait their turn behind each group made, slow on a loaded machine)
            _ = try await GroupServiceRequest.ask(
                client: client, terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: maxRunners), within: .seconds(60))
            return nil
        } catch {
            guard case .refused(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func aGroupTooBigToTakeOverAndAFloodOfRequestsAreRefusedWithTheReason() async throws {
        try await Self.withJetStream { server, client in
            let instance = try await Instance(server, name: "one")
            // When a creator asks for 5,000 runners
            let tooBig = await Self.refusal(asking: client, maxRunners: 5000)
            // Then the service says why not
            #expect(tooBig == "a group service takes groups of up to 1000 runners (this one asks for 5000)")
            // When a stranger asks for 30 groups at once
            let began = ContinuousClock.now
            let answers = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<30 { group.addTask { await Self.refusal(asking: client, maxRunners: 10) } }
                var answers: [String?] = []
                for await answer in group { answers.append(answer) }
                return answers
            }
            let elapsed = (ContinuousClock.now - began) / .seconds(1)
            // Then it makes the 9 left of 10, and one more a second while it works through them; the rest are
            // refused (on a loaded machine, where each group takes long to make, fewer are)
            let refusals = answers.compactMap { $0 }
            let made = answers.count - refusals.count
            print("the service made \(made) of 30 groups asked at once, in \(elapsed) s")
            #expect(made <= 10 + Int(elapsed.rounded(.up)), "\(refusals)")
            #expect(made >= 9)  // the first ask, too big, spent one of the ten
            #expect(refusals.allSatisfy { $0.hasPrefix("too many requests to create a group") })
            await instance.stop()
        }
    }

    @Test func everyInstanceAnswersTheNATSServiceDiscovery() async throws {
        try await Self.withJetStream { server, client in
            let instance = try await Instance(server, name: "listed")
            let responder = try NATSServiceResponder(instance.service.description, on: client, stats: { instance.service.stats })
            let answer = try await client.request("$SRV.PING.materun-groups", payload: [], timeout: .seconds(5))
            let ping = try #require(try JSONSerialization.jsonObject(with: Data(answer.payload)) as? [String: Any])
            #expect(ping["name"] as? String == "materun-groups")
            #expect(ping["id"] as? String == "listed")
            let stats = try await client.request("$SRV.STATS.materun-groups.listed", payload: [], timeout: .seconds(5))
            #expect(String(decoding: stats.payload, as: UTF8.self).contains("\"groups_held\":0"))
            responder.stop()
            await instance.stop()
        }
    }
}
