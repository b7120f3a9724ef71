import Foundation
import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// Group runs between real materun processes through a real nats-server, with fifty runners in
/// this process filling the group (they load the machine: a second test like it belongs with it
/// in a `.serialized` suite).
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupProcessTests {
    /// An in-process runner at `speed` m/s, reporting every half wall second as a replay at
    /// 50× would, until the goal; returns the result board it heard.
    private static func runInProcess(_ member: GroupMembership, speed: Double) async -> GroupBoardMessage? {
        var reporting: Task<Void, Never>?
        defer { reporting?.cancel() }
        for await event in member.events {
            switch event {
            case .start(let seconds) where reporting == nil:
                reporting = Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    var seq = 0
                    var elapsed = 0.0
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(500))
                        elapsed += 25
                        seq += 1
                        let distance = min(1000, elapsed * speed)
                        member.report(GroupReport(
                            seq: seq, elapsedSeconds: distance / speed, distanceMetres: distance, finished: distance >= 1000,
                            reachedGoal: distance >= 1000))
                        if distance >= 1000 { return }
                    }
                }
            case .board(let board) where board.board.phase == .over:
                return board
            default:
                continue
            }
        }
        return nil
    }

    @Test func threeProcessesAndFiftyRunnersInProcessRunToOneResultTable() async throws {
        let executable = try requireMateRunExecutable()
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(120)
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race", "--goal", "1", "--speed", "50",
                "--start-when", "53", "--json",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        #expect(listening["via"] as? String == via)
        let code = try #require(listening["code"] as? String)
        let codes = try #require(GroupCodes(parsing: code))
        #expect(codes.join == code && listening["watch_code"] as? String == codes.watch)
        let joiners = try ["race-steady-5k.json", "easy-5k.json"].enumerated().map { index, scenario in
            try MateRunProcess(
                "joiner \(index)", arguments: [
                    "group", "join", "Scenarios/" + scenario, "--via", via, "--code", code, "--name", "Joiner \(index)", "--json",
                ], executable: executable)
        }
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        var members: [GroupMembership] = []
        for index in 0..<50 {
            members.append(try await GroupMembership.join(client: client, code: codes, name: "Local \(index)"))
        }
        let local = members
        let boards = try await withTimeout(120) {
            await withTaskGroup(of: GroupBoardMessage?.self) { group in
                for (index, member) in local.enumerated() {
                    group.addTask { await Self.runInProcess(member, speed: 2.5 + Double(index) * 0.01) }
                }
                return await group.reduce(into: [GroupBoardMessage]()) { if let board = $1 { $0.append(board) } }
            }
        }
        #expect(boards.count == 50)
        for process in [creator] + joiners {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
            let summary = try #require(process.lastEvent("summary"), "\(process.label) printed no summary")
            let group = try #require(summary["group"] as? [String: Any], "no group in \(process.label)'s summary")
            #expect(group["runners"] as? Int == 53)
            let results = try #require(group["results"] as? [[String: Any]])
            #expect(results.count == 53)
            #expect(results.compactMap { $0["place"] as? Int } == Array(1...53))
            #expect(Set(results.compactMap { $0["name"] as? String }).isSuperset(of: ["Hana", "Joiner 0", "Joiner 1", "Local 0"]))
            #expect(process.events("group").contains { $0["place"] is Int }, "\(process.label) never showed its place")
        }
        await client.close()
        await server.stop()
    }
}

/// A group runner whose creator died while it waited for the start: two materun processes that
/// mostly wait (the runner's patience), so they run beside the loaded suite above, not after it.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)))
struct GroupCreatorGoneProcessTests {
    @Test func aRunnerWaitingForAStartWhoseCreatorDiedGivesUpInsteadOfWaitingForEver() async throws {
        let executable = try requireMateRunExecutable()
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(90)
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race", "--start-when", "5", "--json",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let joiner = try MateRunProcess(
            "joiner", arguments: ["group", "join", "Scenarios/easy-5k.json", "--via", via, "--code", code, "--json"],
            executable: executable)
        _ = try #require(try await joiner.firstEvent("gathering", before: deadline), "the joiner never saw the group: \(joiner.tail)")
        creator.kill()
        #expect(try await joiner.exitStatus(before: deadline) == 1, "joiner: \(joiner.tail)")
        #expect(joiner.errorLines.contains { $0.contains("its creator may be gone") })
        await server.stop()
    }
}
