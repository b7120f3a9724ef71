import Foundation
import Glibc
import MateRunNATSTestSupport
import Testing

/// What the forging peer needs: python3 with nats-py (`pip install nats-py`). Without it the
/// suite is skipped with the reason, unless `MATERUN_REQUIRE_NATS=1` (CI) makes it a failure.
enum ForgingPeerTools {
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let runnable = NATSServerProcess.enabled && (natsPyImports || NATSServerProcess.required)

    static let skipReason = Comment(
        rawValue: "needs nats-server and python3 with nats-py (apt-get install nats-server; pip install nats-py); "
            + "MATERUN_REQUIRE_NATS=1 makes this a failure")

    /// Whether `python3 -c 'import nats'` succeeds, waiting 20 s at most.
    private static let natsPyImports: Bool = {
        guard let python else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import nats"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            return false
        }
        return process.terminationStatus == 0
    }()
}

/// An honest group race between three materun processes while scripts/forging-peer.py, on the
/// same nats-server, publishes forged, altered and replayed copies of every group message it
/// sees and floods the joins and `board.now`: the race ends as it would without it.
@Suite(.enabled(if: ForgingPeerTools.runnable, ForgingPeerTools.skipReason))
struct GroupForgeryProcessTests {
    @Test func aForgerSeeingEveryMessageChangesNothingInAnHonestRaceAndEveryProcessCountsWhatItDropped() async throws {
        let executable = try requireMateRunExecutable()
        let python = try #require(ForgingPeerTools.python, "python3 is not installed")
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(120)
        // Given a forger on the server before anyone else
        let forger = try MateRunProcess(
            "forger", arguments: ["scripts/forging-peer.py", "--via", via, "--seconds", "110"], executable: python)
        _ = try #require(try await forger.firstEvent("ready", before: deadline), "the forger never got ready: \(forger.tail)")
        // When a creator and two joiners race 1 km at 50x
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race", "--goal", "1", "--speed", "50",
                "--start-when", "3", "--json",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let joiners = try [("race-steady-5k.json", "Joiner 0"), ("easy-5k.json", "Joiner 1")].map { scenario, name in
            try MateRunProcess(
                name, arguments: ["group", "join", "Scenarios/" + scenario, "--via", via, "--code", code, "--name", name, "--json"],
                executable: executable)
        }
        let runners = [creator] + joiners
        // Then every runner finishes
        for process in runners {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
        }
        let forgeries = try #require(forger.lastEvent("forgeries"), "the forger printed no count: \(forger.tail)")
        forger.kill()
        await server.stop()
        #expect((forgeries["altered"] as? Int ?? 0) > 100 && (forgeries["replayed"] as? Int ?? 0) > 10, "\(forgeries)")
        var tables: [[[String: AnyHashable]]] = []
        for process in runners {
            let summary = try #require(process.lastEvent("summary"), "\(process.label) printed no summary")
            let group = try #require(summary["group"] as? [String: Any], "no group in \(process.label)'s summary")
            let results = try #require(group["results"] as? [[String: Any]])
            // And nobody is refused: three finishers at the goal, in places 1 to 3
            #expect(group["runners"] as? Int == 3)
            #expect(results.compactMap { $0["place"] as? Int } == [1, 2, 3])
            #expect(results.allSatisfy { $0["status"] as? String == "finished" && $0["distance_m"] as? Double == 1000 }, "\(results)")
            // And each runner's line in the table is its own run, as it measured it
            let own = try #require(results.first { $0["name"] as? String == (summary["runner"] as? [String: Any])?["name"] as? String })
            #expect(own["elapsed_s"] as? Double == summary["elapsed_s"] as? Double, "\(process.label): \(own) vs \(summary)")
            tables.append(results.map { $0.compactMapValues { $0 as? AnyHashable } })
            // And each process counted what it dropped, in its summary and on its error stream
            let dropped = try #require(group["dropped"] as? Int)
            #expect(dropped > 0, "\(process.label) dropped nothing")
            #expect(process.errorLines.contains("materun: dropped \(dropped) forged, replayed or excess group messages"), "\(process.tail)")
        }
        // And all three saw the same result, in the order of their own times
        #expect(tables.allSatisfy { $0 == tables[0] })
        let times = tables[0].compactMap { $0["elapsed_s"] as? Double }
        #expect(times == times.sorted() && times.count == 3)
    }
}
