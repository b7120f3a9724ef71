import Foundation
import MateRunTestSupport
import Testing

/// End to end: two real `materun` processes paired over loopback through a relay that drops the
/// connection mid-run. The joiner must reconnect and resume, and both summaries must agree.
///
/// Every wait is bounded: a run that is not over within `bound` is killed and fails, and the
/// `timeLimit` is a backstop on top. The tests of this suite run concurrently (about 30 s together).
@Suite("Paired materun processes", .timeLimit(.minutes(8)))
struct PairedProcessTests {
    /// Replay speed: a race or team run lasts about 20-25 s of wall time.
    static let speed = 60
    /// The most a whole paired run may take, start to both exits.
    static let bound: Duration = .seconds(180)

    @Test func aRaceSurvivesADroppedConnectionAndBothSidesNameTheSameWinner() async throws {
        guard let run = try await pairedRunWithCut(
            mode: "race", hostScenario: "race-fast-5k.json", joinScenario: "race-steady-5k.json")
        else { return }
        let host = run.hostSummary, joiner = run.joinerSummary
        // Both name the same winner: the fast runner, who hosts
        #expect(host["winner"] as? String == "host")
        #expect(joiner["winner"] as? String == "host")
        #expect(host["result"] as? String == "won")
        #expect(joiner["result"] as? String == "lost")
        // Each side's view of its mate is the mate's own final figures
        expectMatesAgree(host, joiner)
        #expect(number(host, "distance_m") == 5000)
        // The joiner's run ended when the host's win reached it, on its own clock: the two clocks
        // agree to within the start's skew and the message's trip, a fraction of a second of wall
        // time on a loaded machine (times the speed in run time).
        #expect(number(host, "elapsed_s") <= number(joiner, "elapsed_s") + Double(Self.speed) * 0.5)
        #expect(host["finished"] as? Bool == true)

        // And both processes kept their run in the one data directory, each with its mate and result
        let kept = await runMateRun(["history", "--json"], data: run.data).output.lines.compactMap(jsonObject)
            .filter { $0["type"] == nil }
        #expect(kept.count == 2)
        #expect(Set(kept.compactMap { $0["result"] as? String }) == ["won", "lost"])
        #expect(kept.allSatisfy { $0["mode"] as? String == "race" && $0["mate"] is String })
        // And show prints again the summary line each side printed
        for (summaryLine, result) in [(run.hostSummaryLine, "won"), (run.joinerSummaryLine, "lost")] {
            let id = try #require(kept.first { $0["result"] as? String == result }?["id"] as? String)
            #expect(await runMateRun(["show", id, "--json"], data: run.data).output.lines == [summaryLine])
        }
    }

    @Test func aTeamRunSurvivesADroppedConnectionAndBothSidesAgreeOnTheShares() async throws {
        guard let run = try await pairedRunWithCut(
            mode: "team", hostScenario: "team-a-4k.json", joinScenario: "team-b-3k.json")
        else { return }
        let host = run.hostSummary, joiner = run.joinerSummary
        #expect(host["result"] as? String == "team_finished")
        #expect(joiner["result"] as? String == "team_finished")
        expectMatesAgree(host, joiner)
        // The shares add up to the whole, and the two distances to the team goal
        let shares = number(host, "share_percent") + number(joiner, "share_percent")
        #expect(abs(shares - 100) <= 0.2, "shares \(shares)%")
        #expect(number(host, "distance_m") + number(joiner, "distance_m") >= 7000 - 0.2)
    }

    @Test func aWrongCodeIsRefusedAndTheHostKeepsWaiting() async throws {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + Self.bound
        let host = try MateRunProcess(
            "host", arguments: ["host", scenario("race-fast-5k.json"), "--mode", "race", "--json"],
            executable: executable)
        defer { host.kill() }
        let listening = try #require(
            try await host.firstEvent("listening", before: deadline), "host printed no listening line:\n\(host.tail)")
        let port = try #require(listening["port"] as? Int)
        let code = try #require(listening["code"] as? String)
        let wrongCode = code == "000000" ? "999999" : "000000"

        // When a mate joins with a wrong code
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario("race-steady-5k.json"), "--connect", "127.0.0.1:\(port)",
                                "--code", wrongCode, "--json"],
            executable: executable)
        defer { joiner.kill() }

        // Then it is refused, with a message naming the code
        #expect(try await joiner.exitStatus(before: deadline) == 1)
        let refusal = joiner.errorLines.joined(separator: "\n")
        #expect(refusal.contains(wrongCode) && refusal.contains("wrong_code"), "join said: \(refusal)")
        #expect(joiner.events("paired").isEmpty)
        // And the host logged it and is still waiting for a mate
        #expect(try await host.wait(before: deadline) { $0.errorLines.contains { $0.contains("wrong pairing code") } },
                "host stderr: \(host.errorLines)")
        #expect(host.isRunning)
        #expect(host.events("paired").isEmpty)

        // Until Ctrl-C stops it
        host.interrupt()
        #expect(try await host.exitStatus(before: deadline) == 130)
    }

    @Test func aHostAtFullSpeedWritingToAPipeCanBeJoinedFromItsOutput() async throws {
        // Given a scripted team host at --speed max whose output is a pipe, in plain lines and in JSON
        for json in [false, true] {
            let executable = try requireMateRunExecutable()
            let deadline = ContinuousClock.now + Self.bound
            let data = TemporaryDataDirectory()
            let host = try MateRunProcess(
                "host", arguments: ["host", scenario("team-a-4k.json"), "--mode", "team", "--speed", "max"] + (json ? ["--json"] : []),
                executable: executable, data: data)
            defer { host.kill() }
            // When it waits for a mate
            let address = try await host.wait(before: deadline) { side in side.listeningAddress(json: json) != nil }
            // Then its listening line has reached the pipe already, and a joiner pairs from it
            try #require(address, "the host's listening line did not reach its pipe:\n\(host.tail)")
            let (port, code) = try #require(host.listeningAddress(json: json))
            let joiner = try MateRunProcess(
                "join", arguments: ["join", scenario("team-b-3k.json"), "--connect", "127.0.0.1:\(port)", "--code", code, "--json"],
                executable: executable, data: data)
            defer { joiner.kill() }
            #expect(try await joiner.exitStatus(before: deadline) == 0, "join:\n\(joiner.tail)")
            #expect(try await host.exitStatus(before: deadline) == 0, "host:\n\(host.tail)")
            #expect(!joiner.events("paired").isEmpty, "join:\n\(joiner.tail)")
            #expect(joiner.lastEvent("summary")?["mode"] as? String == "team", "join:\n\(joiner.tail)")
        }
    }

    // MARK: - The paired run

    struct PairedRun {
        let hostSummary: [String: Any]
        let joinerSummary: [String: Any]
        let hostSummaryLine: String
        let joinerSummaryLine: String
        /// Where both processes kept their runs.
        let data: TemporaryDataDirectory
    }

    /// Hosts `hostScenario` in `mode`, joins it with `joinScenario` through a `ByteRelay`, cuts the
    /// connection a few hundred seconds of run time in, and checks what every paired run must
    /// show: both exit 0 with a summary, the joiner took the host's terms, and the pair
    /// reconnected (a second connection through the relay; a side showed its mate away, then
    /// connected again; both end connected). Returns the two summaries, or nil after a failure.
    private func pairedRunWithCut(mode: String, hostScenario: String, joinScenario: String) async throws -> PairedRun? {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + Self.bound
        let data = TemporaryDataDirectory()
        let host = try MateRunProcess(
            "host", arguments: ["host", scenario(hostScenario), "--mode", mode, "--speed", "\(Self.speed)", "--json"],
            executable: executable, data: data)
        defer { host.kill() }
        let listening = try #require(
            try await host.firstEvent("listening", before: deadline), "host printed no listening line:\n\(host.tail)")
        let port = try #require(listening["port"] as? Int)
        let code = try #require(listening["code"] as? String)
        let relay = try ByteRelay(toPort: UInt16(port))
        defer { relay.close() }
        // The joiner takes the speed from the host's terms
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario(joinScenario), "--connect", "127.0.0.1:\(relay.port)", "--code", code, "--json"],
            executable: executable, data: data)
        defer { joiner.kill() }

        // Given both are running side by side, a few hundred seconds of run time in
        for side in [host, joiner] {
            let running = try await side.wait(before: deadline) { side in
                guard let progress = side.lastEvent("progress"), let mate = progress["mate"] as? [String: Any] else {
                    return false
                }
                return number(progress, "elapsed_s") >= 300 && mate["connection"] as? String == "connected"
            }
            guard running else {
                Issue.record("\(side.label) did not get 300 s into a paired run:\n\(side.tail)")
                return nil
            }
        }
        #expect(relay.acceptedConnections == 1)

        // When the connection drops
        relay.cut()

        // Then both finish normally
        let hostStatus = try await host.exitStatus(before: deadline)
        let joinerStatus = try await joiner.exitStatus(before: deadline)
        #expect(hostStatus == 0, "host:\n\(host.tail)")
        #expect(joinerStatus == 0, "join:\n\(joiner.tail)")
        guard hostStatus == 0, joinerStatus == 0 else { return nil }
        let hostSummary = try #require(host.lines.last.flatMap(jsonObject), "host ended without a summary:\n\(host.tail)")
        let joinerSummary = try #require(joiner.lines.last.flatMap(jsonObject), "join ended without a summary:\n\(joiner.tail)")
        #expect(hostSummary["type"] as? String == "summary")
        #expect(joinerSummary["type"] as? String == "summary")
        for summary in [hostSummary, joinerSummary] {
            #expect(summary["mode"] as? String == mode)
            let mate = summary["mate"] as? [String: Any]
            #expect(mate?["final"] as? Bool == true)
            #expect(mate?["connected"] as? Bool == true)
        }
        for side in [host, joiner] {
            let untyped = side.lines.filter { (jsonObject($0)?["type"] as? String) == nil }
            #expect(untyped.isEmpty, "\(side.label) printed lines that are not JSON events: \(untyped.prefix(3))")
        }
        #expect(joiner.lines.first.flatMap(jsonObject)?["type"] as? String == "connecting")
        let paired = joiner.events("paired").first
        #expect(paired?["mode"] as? String == mode)
        #expect((paired?["speed"] as? Double).map { Int($0) } == Self.speed)

        // And they reconnected: through the relay again, and seen on screen
        #expect(relay.acceptedConnections >= 2, "the joiner never reconnected")
        #expect(
            showsMateAwayThenBack(host) || showsMateAwayThenBack(joiner),
            "neither side's progress showed its mate reconnecting or silent, then connected again")
        return PairedRun(
            hostSummary: hostSummary, joinerSummary: joinerSummary, hostSummaryLine: host.lines.last ?? "",
            joinerSummaryLine: joiner.lines.last ?? "", data: data)
    }

    /// Whether `side`'s progress lines show the mate `reconnecting` or `silent`, then `connected`.
    private func showsMateAwayThenBack(_ side: MateRunProcess) -> Bool {
        let connections = side.events("progress").compactMap { ($0["mate"] as? [String: Any])?["connection"] as? String }
        guard let away = connections.firstIndex(where: { $0 == "reconnecting" || $0 == "silent" }) else { return false }
        return connections[away...].contains("connected")
    }

    /// Each side's `mate` figures are the other side's own final figures, to 0.1 m and 0.1 s.
    private func expectMatesAgree(
        _ host: [String: Any], _ joiner: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (side, other, name) in [(host, joiner, "host"), (joiner, host, "join")] {
            let mate = side["mate"] as? [String: Any] ?? [:]
            let seen = number(mate, "distance_m"), own = number(other, "distance_m")
            #expect(abs(seen - own) <= 0.1 + 1e-9, "\(name) saw its mate at \(seen) m, the mate ran \(own) m",
                    sourceLocation: sourceLocation)
            let seenTime = number(mate, "elapsed_s"), ownTime = number(other, "elapsed_s")
            #expect(abs(seenTime - ownTime) <= 0.1 + 1e-9, "\(name) saw its mate at \(seenTime) s, the mate ran \(ownTime) s",
                    sourceLocation: sourceLocation)
        }
    }

    private func scenario(_ name: String) -> String { packageRoot + "/Scenarios/" + name }
}

/// `object[key]` as a number; NaN (which fails every comparison) when it is missing.
private func number(_ object: [String: Any], _ key: String) -> Double {
    (object[key] as? NSNumber)?.doubleValue ?? .nan
}

extension MateRunProcess {
    /// The port and code of the host's listening line so far: the JSON event, or the plain line
    /// ("... on 127.0.0.1:PORT ... code 123456 ...").
    func listeningAddress(json: Bool) -> (port: Int, code: String)? {
        if json {
            guard let listening = events("listening").first, let port = listening["port"] as? Int,
                  let code = listening["code"] as? String else { return nil }
            return (port, code)
        }
        for line in lines {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
            guard let address = words.first(where: { $0.hasPrefix("127.0.0.1:") || $0.hasPrefix("0.0.0.0:") }),
                  let port = Int(address.split(separator: ":").last ?? ""),
                  let code = words.first(where: { $0.count == 6 && $0.allSatisfy(\.isNumber) })
            else { continue }
            return (port, String(code))
        }
        return nil
    }
}
