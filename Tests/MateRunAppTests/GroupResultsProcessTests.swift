import Foundation
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import Testing

/// A group's result outlives its processes: kept on a real nats-server with JetStream, read back
/// by `group results` and `watch` after every runner has gone, and refused when someone else
/// wrote it.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupResultsProcessTests {
    @Test func aRaceResultIsReadAfterEveryRunnerLeftAndAForgedOneIsRefused() async throws {
        let executable = try requireMateRunExecutable()
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("materun-js-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await NATSServerProcess.start(arguments: ["-js", "-sd", store.path])
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(120)
        // Given a race of two processes to 1 km at 50x, run to its end
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race", "--goal", "1", "--speed", "50",
                "--start-when", "2", "--json", "--no-save",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let watchCode = try #require(listening["watch_code"] as? String)
        let joiner = try MateRunProcess(
            "joiner", arguments: [
                "group", "join", "Scenarios/easy-5k.json", "--via", via, "--code", code, "--name", "Joiner", "--json", "--no-save",
            ], executable: executable)
        for process in [creator, joiner] {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
        }
        let table = try #require(creator.lastEvent("summary")?["group"] as? [String: Any])["results"] as? [[String: Any]]
        #expect(creator.errorLines.contains { $0.contains("the result is kept on") }, "\(creator.errorLines)")
        // When both have gone and `group results` asks with the watch code
        let results = try MateRunProcess("results", arguments: ["group", "results", watchCode, "--via", via, "--json"], executable: executable)
        #expect(try await results.exitStatus(before: deadline) == 0, "results: \(results.tail)")
        // Then it shows the result board, the same runners in the same places
        let board = try #require(results.lastEvent("board"), "results printed no board: \(results.tail)")
        #expect(board["phase"] as? String == "over")
        let shown = try #require(board["results"] as? [[String: Any]])
        #expect(shown.compactMap { $0["name"] as? String } == (table ?? []).compactMap { $0["name"] as? String })
        #expect(shown.compactMap { $0["place"] as? Int } == [1, 2])
        // And watch, arriving after the end, shows that result at once
        let watcher = try MateRunProcess("watch", arguments: ["watch", "--via", via, "--code", watchCode, "--json"], executable: executable)
        #expect(try await watcher.exitStatus(before: deadline) == 0, "watch: \(watcher.tail)")
        #expect(watcher.lastEvent("board")?["phase"] as? String == "over")
        // When someone overwrites the kept result with a board of their own
        let forger = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let forged = Array(#"{"key":"AAAA","sig":"BBBB","board":"e30"}"#.utf8)
        _ = try await forger.request("$KV.\(GroupResultStore.bucket).\(watchCode)", payload: forged, timeout: .seconds(5))
        await forger.close()
        // Then group results refuses it, and says why
        let refused = try MateRunProcess("results", arguments: ["group", "results", watchCode, "--via", via], executable: executable)
        #expect(try await refused.exitStatus(before: deadline) == 1, "results: \(refused.tail)")
        #expect(refused.errorLines.contains { $0.contains("not signed by the group's coordinator") }, "\(refused.errorLines)")
        await server.stop()
    }

    @Test func aServerWithoutJetStreamKeepsNoResultAndSaysSo() async throws {
        let executable = try requireMateRunExecutable()
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(60)
        // Given a server without JetStream, When results are asked for a group that never ran there
        let results = try MateRunProcess(
            "results", arguments: ["group", "results", "abcdefghijklmnop", "--via", via], executable: executable)
        // Then it fails with a reason, not silence
        #expect(try await results.exitStatus(before: deadline) == 1, "results: \(results.tail)")
        #expect(results.errorLines.contains { $0.contains("no result for group abcdefghijklmnop") }, "\(results.errorLines)")
        await server.stop()
    }
}
