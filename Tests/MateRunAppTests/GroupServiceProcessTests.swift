import Foundation
import MateRunNATSTestSupport
import Testing

/// Group runs coordinated by `materun serve` on a real 3-node nats-server cluster with
/// JetStream, through real failures: the instance holding a race and a NATS node are killed
/// with SIGKILL mid-run, then the instance that took the race over is stopped with SIGTERM.
/// Every runner finishes with one honest result that every runner, a watcher and `group results`
/// agree on.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupServiceProcessTests {
    /// `count` instances of `materun serve` sharing one secret, each given every node (in an
    /// order of its own), `apart` after the one before (so that no two processes' clocks start
    /// together, as on different machines), once each says it serves.
    private func startServices(
        _ count: Int, urls: [String], executable: String, apart: Duration = .zero, before deadline: ContinuousClock.Instant
    ) async throws -> [MateRunProcess] {
        let secret = TemporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: secret.path, withIntermediateDirectories: true)
        let secretFile = secret.path + "/secret"
        try String(repeating: "5e", count: 32).write(toFile: secretFile, atomically: true, encoding: .utf8)
        var services: [MateRunProcess] = []
        for index in 0..<count {
            if index > 0 { try await Task.sleep(for: apart) }
            let first = index % urls.count
            let order = urls[first...] + urls[..<first]
            services.append(try MateRunProcess(
                "serve s\(index + 1)", arguments: [
                    "serve", "--via", order.joined(separator: ","), "--secret-file", secretFile, "--name", "s\(index + 1)",
                ], executable: executable))
        }
        for service in services {
            let serving = try await service.wait(before: deadline) { $0.errorLines.contains { $0.contains("serving groups as") } }
            try #require(serving, "\(service.label) never served: \(service.tail)")
        }
        withExtendedLifetime(secret) {}
        return services
    }

    @Test func aRaceOutlivesTheKillOfItsHoldingInstanceAndOfANATSNodeAndAHandOver() async throws {
        let executable = try requireMateRunExecutable()
        let cluster = try await NATSServerCluster.start()
        let urls = cluster.urls.map(\.description)
        let deadline = ContinuousClock.now + .seconds(240)
        // Given three service instances, and a race to 1 km at 15x for 20 runners created through
        // the service, spread over the three nodes, and a watcher (the slowest, hilly-8k, walks
        // its first kilometre: 32 s at 15x, twice what the kills and the hand-over below took on a loaded machine)
        // (5 s apart: an instance that judged the start by its own process's clock refused
        // every runner after taking over)
        let services = try await startServices(3, urls: urls, executable: executable, apart: .seconds(5), before: deadline)
        let scenarios = ["race-fast-5k.json", "race-steady-5k.json", "easy-5k.json", "hilly-8k.json"]
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", urls[0], "--mode", "race", "--goal", "1", "--speed", "15",
                "--start-when", "20", "--coordinator", "service", "--name", "Runner1", "--json", "--no-save",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let watchCode = try #require(listening["watch_code"] as? String)
        var runners = [creator]
        for index in 2...20 {
            // (a quarter of a second apart: twenty processes starting at once held both cores, and
            // the tests beside this one, for seconds)
            try await Task.sleep(for: .milliseconds(250))
            runners.append(try MateRunProcess(
                "runner \(index)", arguments: [
                    "group", "join", "Scenarios/\(scenarios[index % scenarios.count])", "--via", urls[index % 3], "--code", code,
                    "--name", "Runner\(index)", "--json", "--no-save",
                ], executable: executable))
        }
        let watcher = try MateRunProcess(
            "watcher", arguments: ["watch", "--via", urls[1], "--code", watchCode, "--json"], executable: executable)
        let holder = try #require(services.first { $0.errorLines.contains { $0.contains("created group \(watchCode)") } })

        // When every runner has run 150 m, the holding instance and node 3 are killed with SIGKILL
        let ranFar = try await creator.wait(before: deadline) { process in
            process.events("progress").contains { ($0["distance_m"] as? Double ?? 0) >= 150 }
        }
        #expect(ranFar, "the creator never ran 150 m: \(creator.tail)")
        let killedAt = ContinuousClock.now
        holder.kill()
        cluster.kill(node: 2)

        // Then another instance takes the race up
        let others = services.filter { $0 !== holder }
        var taker: MateRunProcess?
        _ = try await creator.wait(before: deadline) { _ in
            taker = others.first { $0.errorLines.contains { $0.contains("took up group \(watchCode): running, 20 runners") } }
            return taker != nil
        }
        let takeover = ContinuousClock.now - killedAt
        print("the race was taken up \(takeover) after its holder was killed")
        let newHolder = try #require(taker, "no instance took the race up: \(others.map(\.tail))")

        // When that one is stopped with SIGTERM a few seconds later, and node 3 comes back
        try await Task.sleep(for: .seconds(3))
        newHolder.send(signal: SIGTERM)
        #expect(try await newHolder.exitStatus(before: deadline) == 0, "\(newHolder.label): \(newHolder.tail)")
        #expect(newHolder.errorLines.contains { $0.contains("handed group \(watchCode) over") }, "\(newHolder.errorLines)")
        try await cluster.restart(node: 2)

        // Then the last instance takes it up, and every runner finishes with the same table: 20
        // places, everyone's full kilometre
        let last = try #require(others.first { $0 !== newHolder })
        var tables: [String] = []
        for runner in runners {
            #expect(try await runner.exitStatus(before: deadline) == 0, "\(runner.label): \(runner.tail)")
            let summary = try #require(runner.lastEvent("summary"), "\(runner.label) printed no summary")
            let group = try #require(summary["group"] as? [String: Any], "no group in \(runner.label)'s summary")
            let results = try #require(group["results"] as? [[String: Any]])
            #expect(results.count == 20)
            #expect(results.compactMap { $0["place"] as? Int } == Array(1...20), "\(runner.label): \(results)")
            #expect(results.allSatisfy { ($0["distance_m"] as? Double ?? 0) >= 999 && $0["status"] as? String == "finished" }, "\(results)")
            tables.append(results.map { "\($0["name"] ?? "-") \($0["elapsed_s"] ?? "-")" }.joined(separator: "|"))
        }
        #expect(Set(tables).count == 1, "\(tables)")
        #expect(last.errorLines.contains { $0.contains("took up group \(watchCode)") }, "\(last.errorLines)")

        // And the watcher saw the same result, and group results reads it from the cluster
        #expect(try await watcher.exitStatus(before: deadline) == 0, "watcher: \(watcher.tail)")
        let watched = try #require(watcher.lastEvent("board"), "the watcher printed no board")
        #expect(watched["phase"] as? String == "over")
        let results = try MateRunProcess(
            "group results", arguments: ["group", "results", watchCode, "--via", urls[2], "--json"], executable: executable)
        #expect(try await results.exitStatus(before: deadline) == 0, "group results: \(results.tail)")
        let kept = try #require(results.lastEvent("board"), "group results printed no board")
        #expect(Self.table(kept) == Self.table(watched))
        #expect(Self.table(kept).count == 20)
        #expect(Self.table(kept) == runners[0].lastEvent("summary").flatMap { ($0["group"] as? [String: Any])?["results"] as? [[String: Any]] }
            .map { $0.map { "\($0["place"] ?? "-") \($0["name"] ?? "-")" } })
        for service in services { service.kill() }
        await cluster.stop()
    }

    @Test func aServedRaceGoesOnWhenItsCreatorsProcessIsKilled() async throws {
        let executable = try requireMateRunExecutable()
        let store = TemporaryDataDirectory()
        let server = try await NATSServerProcess.start(arguments: ["-js", "-sd", store.path])
        let url = server.url.description
        let deadline = ContinuousClock.now + .seconds(150)
        // Given a service, and a race to 1 km at 10x for three runners, created through it
        let services = try await startServices(1, urls: [url], executable: executable, before: deadline)
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", url, "--mode", "race", "--goal", "1", "--speed", "10",
                "--start-when", "3", "--name", "Creator", "--json", "--no-save",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        #expect(creator.errorLines.contains { $0.contains("a group service on \(url) coordinates this group") }, "\(creator.errorLines)")
        let runners = try ["Ann", "Bo"].map { name in
            try MateRunProcess(
                name, arguments: [
                    "group", "join", "Scenarios/race-steady-5k.json", "--via", url, "--code", code, "--name", name, "--json", "--no-save",
                ], executable: executable)
        }
        // When the creator's process is killed with SIGKILL once it has run 100 m
        let ranFar = try await creator.wait(before: deadline) { process in
            process.events("progress").contains { ($0["distance_m"] as? Double ?? 0) >= 100 }
        }
        #expect(ranFar, "the creator never ran 100 m: \(creator.tail)")
        creator.kill()
        // Then both runners finish their kilometre with the same result: they place 1 and 2,
        // and the creator, silent, is marked vanished
        var tables: [[String]] = []
        for runner in runners {
            #expect(try await runner.exitStatus(before: deadline) == 0, "\(runner.label): \(runner.tail)")
            let summary = try #require(runner.lastEvent("summary"), "\(runner.label) printed no summary")
            let results = try #require((summary["group"] as? [String: Any])?["results"] as? [[String: Any]])
            tables.append(results.map { "\($0["place"] ?? "-") \($0["name"] ?? "-") \($0["status"] ?? "-")" })
        }
        #expect(tables.count == 2 && tables[0] == tables[1], "\(tables)")
        #expect(tables.first?.prefix(2).allSatisfy { $0.hasSuffix("finished") } == true, "\(tables)")
        #expect(tables.first?.last == "3 Creator vanished", "\(tables)")
        for service in services { service.kill() }
        await server.stop()
    }

    /// A board's places and names, a line each.
    private static func table(_ board: [String: Any]) -> [String] {
        ((board["results"] as? [[String: Any]]) ?? []).map { "\($0["place"] ?? "-") \($0["name"] ?? "-")" }
    }
}
