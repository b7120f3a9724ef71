import Foundation
import MateRunNATSTestSupport
import Testing

/// A group race between three materun processes spread over a real 3-node nats-server cluster,
/// whose node one runner is connected to is killed mid-run: that runner's client fails over to
/// another node (one it was given, or one it learned from the cluster's `connect_urls`) and the
/// race goes on to one honest result that every runner agrees on.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupFailoverProcessTests {
    @Test func aRunnerWhoseNATSNodeDiesMidRunFinishesOnAnotherWithTheResultEveryoneAgrees() async throws {
        let executable = try requireMateRunExecutable()
        let cluster = try await NATSServerCluster.start()
        let urls = cluster.urls.map(\.description)
        let deadline = ContinuousClock.now + .seconds(150)
        // Given a race to 1 km at 20x: the creator on node 1; one runner given node 2 only (it
        // learns the others from the cluster), one given nodes 3 and 1
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", urls[0], "--mode", "race", "--goal", "1",
                "--speed", "20", "--start-when", "3", "--json", "--no-save",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let onNode2 = try MateRunProcess(
            "runner on node 2", arguments: [
                "group", "join", "Scenarios/race-steady-5k.json", "--via", urls[1], "--code", code, "--name", "Nodetwo", "--json",
                "--no-save",
            ], executable: executable)
        let onNode3 = try MateRunProcess(
            "runner on node 3", arguments: [
                "group", "join", "Scenarios/easy-5k.json", "--via", urls[2] + "," + urls[0], "--code", code, "--name", "Nodethree",
                "--json", "--no-save",
            ], executable: executable)
        // When node 2 is killed once that runner has run 200 m
        let ranFar = try await onNode2.wait(before: deadline) { process in
            process.events("progress").contains { ($0["distance_m"] as? Double ?? 0) >= 200 }
        }
        #expect(ranFar, "the runner on node 2 never ran 200 m: \(onNode2.tail)")
        cluster.kill(node: 1)
        let distanceAtKill = onNode2.events("progress").last?["distance_m"] as? Double ?? 0
        // Then every runner finishes, the one on node 2 among them, with its full kilometre counted
        var tables: [[String]] = []
        for process in [creator, onNode2, onNode3] {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
            let summary = try #require(process.lastEvent("summary"), "\(process.label) printed no summary")
            let group = try #require(summary["group"] as? [String: Any], "no group in \(process.label)'s summary")
            let results = try #require(group["results"] as? [[String: Any]])
            #expect(results.count == 3)
            #expect(results.compactMap { $0["place"] as? Int } == [1, 2, 3])
            let nodeTwo = try #require(results.first { $0["name"] as? String == "Nodetwo" })
            #expect((nodeTwo["distance_m"] as? Double ?? 0) >= 999, "\(process.label) counted Nodetwo short: \(nodeTwo)")
            tables.append(results.map { "\($0["place"] ?? "-") \($0["name"] ?? "-") \($0["distance_m"] ?? "-") \($0["elapsed_s"] ?? "-")" })
        }
        // And all three tables are the same, and the runner on node 2 had kept going past where it was cut off
        #expect(Set(tables.map { $0.joined(separator: "|") }).count == 1, "\(tables)")
        #expect(distanceAtKill < 999, "node 2 was killed only after that runner finished (\(distanceAtKill) m)")
        let own = try #require(onNode2.lastEvent("summary"))
        #expect((own["distance_m"] as? Double ?? 0) >= 999)
        // And it said that it lost its server and where it reconnected: another node
        #expect(onNode2.errorLines.contains { $0.hasPrefix("materun: lost the NATS server") }, "\(onNode2.errorLines)")
        let back = onNode2.errorLines.first { $0.hasPrefix("materun: reconnected to the NATS server at ") }
        #expect(back != nil && back?.hasSuffix(urls[1]) == false, "\(onNode2.errorLines)")
        // And the killed node comes back on its ports and store
        try await cluster.restart(node: 1)
        await cluster.stop()
    }
}
