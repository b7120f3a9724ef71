import Foundation
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// Real materun processes through a real nats-server, two paired with `host --via` and
/// `join --via`: neither holds a listening socket, as /proc shows; a restarted server and a cut
/// NATS connection both heal; both sides name the same result. Each test has its own server, and
/// a pair replays at 20x, so the tests run side by side (groups: GroupProcessTests.swift).
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct NATSProcessTests {
    static let bound = Duration.seconds(150)

    private enum Cut {
        /// The nats-server is stopped and started again on its port.
        case serverRestart
        /// The joiner's own NATS connection is cut (it reaches the server through a relay).
        case joinerConnection
    }

    @Test func aRaceThroughNATSHealsAfterTheServerRestartsAndBothNameTheSameWinner() async throws {
        let run = try await pairedRun(mode: "race", host: "race-fast-5k.json", join: "race-steady-5k.json", goal: "1.5", cut: .serverRestart)
        let (host, joiner) = try #require(run)
        #expect(host["result"] as? String == "won")
        #expect(joiner["result"] as? String == "lost")
        #expect(host["winner"] as? String == joiner["winner"] as? String)
    }

    @Test func aTeamRunThroughNATSHealsAfterTheJoinersConnectionIsCut() async throws {
        let run = try await pairedRun(mode: "team", host: "team-a-4k.json", join: "team-b-3k.json", goal: "2", cut: .joinerConnection)
        let (host, joiner) = try #require(run)
        #expect(host["result"] as? String == "team_finished")
        #expect(joiner["result"] as? String == "team_finished")
    }

    @Test func aStrangerWithoutTheCodeFindsNoHostAndOneWithoutTheSecretIsRefused() async throws {
        let executable = try requireMateRunExecutable()
        let server = try await NATSServerProcess.start()
        let deadline = ContinuousClock.now + Self.bound
        let host = try MateRunProcess(
            "host", arguments: ["host", scenario("race-fast-5k.json"), "--via", "nats://127.0.0.1:\(server.port)", "--mode", "race", "--json"],
            executable: executable)
        defer { host.kill() }
        let listening = try #require(try await host.firstEvent("listening", before: deadline), "no listening line: \(host.tail)")
        let room = try #require((listening["code"] as? String)?.split(separator: "-").first)
        let stranger = try join("aaaaaaaaaaaaaaaa-bbbbbbbbbbbb", server: server, label: "stranger", executable: executable)
        #expect(try await stranger.exitStatus(before: deadline) == 1)
        #expect(stranger.errorLines.contains { $0.contains("no host with code aaaaaaaaaaaaaaaa-bbbbbbbbbbbb") }, "\(stranger.errorLines)")
        // The room is public (anyone on the server sees it): without the secret it opens nothing.
        let guesser = try join("\(room)-bbbbbbbbbbbb", server: server, label: "guesser", executable: executable)
        #expect(try await guesser.exitStatus(before: deadline) == 1)
        #expect(guesser.errorLines.contains { $0.contains("refused the connection (wrong_secret") }, "\(guesser.errorLines)")
        let typo = try join("guessedcode1", server: server, label: "typo", executable: executable)
        #expect(try await typo.exitStatus(before: deadline) == 2)
        #expect(typo.errorLines.contains { $0.contains("--code: a code through NATS is") }, "\(typo.errorLines)")
        #expect(host.isRunning)
        host.interrupt()
        _ = try await host.exitStatus(before: deadline)
        await server.stop()
    }

    private func join(_ code: String, server: NATSServerProcess, label: String, executable: String) throws -> MateRunProcess {
        try MateRunProcess(
            label, arguments: [
                "join", scenario("race-steady-5k.json"), "--via", "nats://127.0.0.1:\(server.port)", "--code", code, "--json",
            ], executable: executable)
    }

    @Test func aHostAndAJoinerThroughNATSNeverHoldAListeningSocket() async throws {
        let executable = try requireMateRunExecutable()
        let server = try await NATSServerProcess.start()
        let deadline = ContinuousClock.now + Self.bound
        let host = try MateRunProcess(
            "host", arguments: [
                "host", scenario("race-fast-5k.json"), "--via", "nats://127.0.0.1:\(server.port)", "--mode", "race", "--goal", "0.5",
                "--speed", "20", "--json",
            ], executable: executable)
        defer { host.kill() }
        let listening = try #require(try await host.firstEvent("listening", before: deadline), "no listening line: \(host.tail)")
        let code = try #require(listening["code"] as? String)
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario("race-steady-5k.json"), "--via", "nats://127.0.0.1:\(server.port)", "--code", code, "--json"],
            executable: executable)
        defer { joiner.kill() }

        // Given a pair through NATS, when both sides are looked at in /proc every 100 ms from
        // before pairing to their exit, then neither ever holds a listening socket, while each
        // is seen holding its connection to the server (the look-up finds their sockets).
        var listeners: [String] = []
        var seenConnected: Set<String> = []
        while host.isRunning || joiner.isRunning, ContinuousClock.now < deadline {
            for side in [host, joiner] where side.isRunning {
                let sockets = ProcessSockets(pid: side.pid)
                listeners += sockets.listening.map { "\(side.label): \($0)" }
                if sockets.entries.contains(where: { $0.table.hasPrefix("tcp") && !$0.listening }) { seenConnected.insert(side.label) }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(listeners.isEmpty, "listening sockets: \(listeners)")
        #expect(seenConnected == ["host", "join"], "a side's sockets were never found in /proc: \(seenConnected)")
        #expect(try await host.exitStatus(before: deadline) == 0, "host: \(host.tail)")
        #expect(try await joiner.exitStatus(before: deadline) == 0, "join: \(joiner.tail)")
        #expect(host.lastEvent("summary")?["result"] as? String == "won", "host: \(host.tail)")
        #expect(joiner.lastEvent("summary")?["result"] as? String == "lost", "join: \(joiner.tail)")
        await server.stop()
    }

    private func pairedRun(mode: String, host hostScenario: String, join joinScenario: String, goal: String, cut: Cut)
        async throws -> ([String: Any], [String: Any])?
    {
        let executable = try requireMateRunExecutable()
        var server = try await NATSServerProcess.start()
        let deadline = ContinuousClock.now + Self.bound
        let host = try MateRunProcess(
            "host", arguments: [
                "host", scenario(hostScenario), "--via", "nats://127.0.0.1:\(server.port)", "--mode", mode, "--goal", goal, "--speed", "20",
                "--json",
            ], executable: executable)
        defer { host.kill() }
        let listening = try #require(try await host.firstEvent("listening", before: deadline), "no listening line: \(host.tail)")
        #expect(listening["via"] as? String == "nats://127.0.0.1:\(server.port)")
        let code = try #require(listening["code"] as? String)
        let relay = try ByteRelay(toPort: server.port)
        defer { relay.close() }
        let joinerPort = cut == .joinerConnection ? relay.port : server.port
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario(joinScenario), "--via", "nats://127.0.0.1:\(joinerPort)", "--code", code, "--json"],
            executable: executable)
        defer { joiner.kill() }
        for side in [host, joiner] {
            let running = try await side.wait(before: deadline) { side in
                guard let progress = side.lastEvent("progress"), let mate = progress["mate"] as? [String: Any] else { return false }
                return (progress["elapsed_s"] as? Double ?? 0) >= 120 && mate["connection"] as? String == "connected"
            }
            guard running else {
                Issue.record("\(side.label) did not get 120 s into a paired run:\n\(side.tail)")
                return nil
            }
            #expect(ProcessSockets(pid: side.pid).listening.isEmpty, "\(side.label) listens")
        }
        switch cut {
        case .serverRestart:
            await server.stop()
            server = try await server.restarted()
        case .joinerConnection:
            relay.cut()
        }
        #expect(try await host.exitStatus(before: deadline) == 0, "host: \(host.tail)")
        #expect(try await joiner.exitStatus(before: deadline) == 0, "join: \(joiner.tail)")
        let hostSummary = try #require(host.lastEvent("summary"), "host: \(host.tail)")
        let joinerSummary = try #require(joiner.lastEvent("summary"), "join: \(joiner.tail)")
        for summary in [hostSummary, joinerSummary] {
            let mate = summary["mate"] as? [String: Any]
            #expect(mate?["final"] as? Bool == true)
            #expect(mate?["connected"] as? Bool == true)
        }
        #expect(
            host.errorLines.contains { $0.contains("mate back") } || joiner.events("progress").contains {
                (($0["mate"] as? [String: Any])?["connection"] as? String) == "reconnecting"
            },
            "the cut was never seen: \(host.errorLines)")
        await server.stop()
        return (hostSummary, joinerSummary)
    }

    private func scenario(_ name: String) -> String { packageRoot + "/Scenarios/" + name }
}
