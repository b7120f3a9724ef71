import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization
import Testing

/// A pair through NATS that nobody else on the server can forge, replay or end (issue 30): real
/// `host --via` and `join --via` processes race while a stranger who sees every `materun.pair`
/// message publishes forged, altered and replayed copies of them; and the same pair over
/// `tls://` and with an NKEY user. One pair at a time: each is two replaying processes, and the
/// suites beside it on a 2-core machine need the CPU too.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSPairForgeryProcessTests {
    static let bound = Duration.seconds(150)

    @Test func aStrangerWhoForgesReplaysAndAltersEveryCarriedMessageChangesNothingAndIsCounted() async throws {
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let forger = try await PairForger.start(via: server.url)

        // Given an honest race through NATS, and a stranger answering every carried message with a
        // `bye` and a `Close: 1` under the next Seq, an altered copy and a replay, replaying every
        // dial and every answer (with the joiner's own reply subject, at once and seconds later),
        // sending altered copies of each dial to the joiner's inbox and answering every dial "refused",
        let run = try await pairedRace(host: ["--via", via], join: ["--via", via])
        let (host, joiner) = try #require(run)
        #expect(forger.forgedCount > 100, "the forger saw too little to prove anything: \(forger.forgedCount)")
        // then both finish with the honest result, nobody is cancelled,
        #expect(host.summary["result"] as? String == "won", "host: \(host.tail)")
        #expect(joiner.summary["result"] as? String == "lost", "join: \(joiner.tail)")
        // each side took the other's own figures, not an altered copy,
        let hostMate = try #require(host.summary["mate"] as? [String: Any])
        let joinerMate = try #require(joiner.summary["mate"] as? [String: Any])
        #expect(hostMate["distance_m"] as? Double == joiner.summary["distance_m"] as? Double)
        #expect(joinerMate["distance_m"] as? Double == host.summary["distance_m"] as? Double)
        #expect(hostMate["final"] as? Bool == true && joinerMate["final"] as? Bool == true)
        // and each side counts what it dropped, in its summary and on standard error.
        let hostDropped = try #require(host.summary["nats_dropped"] as? [String: Int], "host: \(host.tail)")
        let joinerDropped = try #require(joiner.summary["nats_dropped"] as? [String: Int], "join: \(joiner.tail)")
        #expect((hostDropped["bad_signature"] ?? 0) > 0 && (hostDropped["replayed"] ?? 0) > 0, "\(hostDropped)")
        #expect((hostDropped["refused_dials"] ?? 0) >= 3, "the three altered dials: \(hostDropped)")
        #expect((joinerDropped["bad_signature"] ?? 0) > 0 && (joinerDropped["replayed"] ?? 0) > 0, "\(joinerDropped)")
        for side in [host, joiner] {
            #expect(side.errors.contains { $0.hasPrefix("materun: dropped through NATS: ") }, "\(side.label): \(side.errors)")
        }
        await forger.stop()
        await server.stop()
    }

    @Test(.enabled(if: TestCertificates.executable != nil, Comment(rawValue: TestCertificates.skipReason)))
    func aPairRacesThroughATLSServer() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])
        let login = ["--via", "tls://127.0.0.1:\(server.port)", "--nats-ca", certificates.caFile]
        let (host, joiner) = try #require(try await pairedRace(host: login, join: login))
        #expect(host.summary["result"] as? String == "won", "host: \(host.tail)")
        #expect(joiner.summary["result"] as? String == "lost", "join: \(joiner.tail)")
        await server.stop()
    }

    @Test func aPairRacesAsAnNKEYUser() async throws {
        let server = try await NKEYUserServer.start()
        let login = ["--via", server.via, "--nats-creds", server.seedFile]
        let (host, joiner) = try #require(try await pairedRace(host: login, join: login))
        #expect(host.summary["result"] as? String == "won", "host: \(host.tail)")
        #expect(joiner.summary["result"] as? String == "lost", "join: \(joiner.tail)")
        await server.stop()
    }

    /// What one side of a pair ended with.
    struct Side {
        let label: String
        let summary: [String: Any]
        let errors: [String]
        let tail: String
    }

    /// A 0.5 km race at 20x, the fast host against the steady joiner, both through NATS with
    /// `host`'s and `join`'s NATS options; nil (with an issue recorded) when it does not finish.
    private func pairedRace(host hostLogin: [String], join joinLogin: [String]) async throws -> (Side, Side)? {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + Self.bound
        let host = try MateRunProcess(
            "host", arguments: ["host", scenario("race-fast-5k.json")] + hostLogin + ["--mode", "race", "--goal", "0.5", "--speed", "20", "--json"],
            executable: executable)
        defer { host.kill() }
        let listening = try #require(try await host.firstEvent("listening", before: deadline), "no listening line: \(host.tail)")
        let code = try #require(listening["code"] as? String)
        #expect(code.wholeMatch(of: /[a-z2-7]{16}-[a-z2-7]{12}/) != nil, "code \(code)")
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario("race-steady-5k.json")] + joinLogin + ["--code", code, "--json"], executable: executable)
        defer { joiner.kill() }
        #expect(try await host.exitStatus(before: deadline) == 0, "host: \(host.tail)")
        #expect(try await joiner.exitStatus(before: deadline) == 0, "join: \(joiner.tail)")
        guard let hostSummary = host.lastEvent("summary"), let joinerSummary = joiner.lastEvent("summary") else {
            Issue.record("no summary: host: \(host.tail)\njoin: \(joiner.tail)")
            return nil
        }
        return (
            Side(label: "host", summary: hostSummary, errors: host.errorLines, tail: host.tail),
            Side(label: "join", summary: joinerSummary, errors: joiner.errorLines, tail: joiner.tail)
        )
    }

    private func scenario(_ name: String) -> String { packageRoot + "/Scenarios/" + name }
}

/// A stranger on the same nats-server who reads every `materun.pair` message and every inbox,
/// and answers each with forgeries: for a carried message, a `bye` cancelling the run and a
/// `Close: 1` under the next `Seq` (unsigned, or signed with a made-up signature), a copy with
/// altered bytes and the original signature, and a replay of the message itself; for a dial, the
/// same dial again (to an inbox of its own, and to the joiner's at once and 2 s later), copies
/// with its proof, its signature or its key altered sent with the joiner's own reply subject, and
/// a `refused` answer to the dialler; for the host's answers, the same answer again 2 s later.
private final class PairForger: Sendable {
    private let client: NATSClient
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let forged = Atomic<Int>(0)

    private init(client: NATSClient) {
        self.client = client
    }

    static func start(via url: NATSURL) async throws -> PairForger {
        let client = try await NATSClient.connect(NATSClientOptions(url: url))
        let forger = PairForger(client: client)
        let everything = try client.subscribe("materun.pair.>")
        // The answers to every dial, on the inboxes the dials name.
        let answers = try client.subscribe("_INBOX.>")
        try await client.flush()
        forger.task.withLock {
            $0 = Task {
                async let dials: Void = forger.forge(everything)
                async let replies: Void = forger.forge(answers)
                _ = await (dials, replies)
            }
        }
        return forger
    }

    /// How many forged messages were published.
    var forgedCount: Int { forged.load(ordering: .relaxed) }

    func stop() async {
        task.withLock { $0?.cancel() }
        await client.close()
    }

    private func forge(_ everything: NATSSubscription) async {
        let fakeSignature = String(repeating: "A", count: 86)
        for await message in everything.messages {
            let headers = message.headers ?? NATSHeaders()
            // Its own forgeries come back to it too: it marks them (nobody reads the mark) so as
            // not to answer them in turn.
            guard headers[Self.mark] == nil else { continue }
            if message.subject.hasSuffix(".dial") {
                guard let replyTo = message.replyTo, headers["Id"] != nil else { continue }
                // The dial again, to an inbox of its own and to the joiner's own inbox (the
                // host's answer to a copy would reach the joiner), at once and 2 s later
                publish(message.subject, message.payload, headers, replyTo: "_INBOX.forger.\(forgedCount)")
                publish(message.subject, message.payload, headers, replyTo: replyTo)
                later(message.subject, message.payload, headers, replyTo: replyTo)
                // altered copies, each with one header changed, to the joiner's inbox
                for name in ["Proof", "Sig", "Key"] {
                    var altered = headers
                    altered.fields = headers.fields.map { $0.name == name ? (name: name, value: String($0.value.reversed())) : $0 }
                    publish(message.subject, message.payload, altered, replyTo: replyTo)
                }
                publish(replyTo, [], NATSHeaders([("Answer", "refused"), ("Key", headers["Key"] ?? ""), ("Reason", "wrong_secret"), ("Sig", fakeSignature)]))
                continue
            }
            if message.subject.hasPrefix("_INBOX.") {
                // A host's signed answer, replayed as it was 2 s later
                later(message.subject, message.payload, headers, replyTo: message.replyTo)
                continue
            }
            guard let seq = headers["Seq"].flatMap(Int.init), headers["Close"] == nil else { continue }
            let bye = Array(#"{"type":"bye","reason":"cancelled","message":"forged by a stranger"}"#.utf8) + [0x0A]
            publish(message.subject, bye, NATSHeaders([("Seq", String(seq + 1))]))
            publish(message.subject, bye, NATSHeaders([("Seq", String(seq + 1)), ("Sig", fakeSignature)]))
            publish(message.subject, [], NATSHeaders([("Seq", String(seq + 1)), ("Close", "1"), ("Sig", fakeSignature)]))
            publish(message.subject, message.payload.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "9") : $0 } + [0x20], headers)
            publish(message.subject, message.payload, headers)
        }
    }

    private static let mark = "Forged-By"

    /// Publishes the message again, exactly as it was, 2 s from now.
    private func later(_ subject: String, _ payload: [UInt8], _ headers: NATSHeaders, replyTo: String?) {
        Task { [self] in
            try? await Task.sleep(for: .seconds(2))
            publish(subject, payload, headers, replyTo: replyTo)
        }
    }

    private func publish(_ subject: String, _ payload: [UInt8], _ headers: NATSHeaders, replyTo: String? = nil) {
        var marked = headers
        marked.fields.append((name: Self.mark, value: "stranger"))
        if (try? client.publish(subject, payload: payload, replyTo: replyTo, headers: marked)) != nil {
            forged.add(1, ordering: .relaxed)
        }
    }
}
