import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// A group run through a real nats-server: a coordinator, runners in this process, a late
/// spectator, and hostile members.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct GroupOverNATSTests {
    private static let wallClock = ContinuousClock()
    private static let origin = wallClock.now
    /// Wall seconds since the suite began: the rules' clock in these tests.
    private static let now: @Sendable () -> Double = {
        let elapsed = origin.duration(to: wallClock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    private func connect(_ server: NATSServerProcess) async throws -> NATSClient {
        try await NATSClient.connect(NATSClientOptions(url: server.url))
    }

    /// Runs `member` to `goal` in `steps` reports, `speed` metres per run second, once the start
    /// comes; returns the result board it heard.
    private static func run(
        _ member: GroupMembership, goal: Double, speed: Double, steps: Int = 5
    ) async -> GroupBoardMessage? {
        var started = false
        var seq = 0
        for await event in member.events {
            switch event {
            case .start where !started:
                started = true
                for step in 1...steps {
                    seq += 1
                    let distance = goal * Double(step) / Double(steps)
                    member.report(GroupReport(
                        seq: seq, elapsedSeconds: distance / speed, distanceMetres: distance, finished: step == steps,
                        reachedGoal: step == steps))
                }
            case .board(let board) where board.board.phase == .over:
                return board
            case .refused:
                return nil
            default:
                continue
            }
        }
        return nil
    }

    @Test func fiftyRunnersAndAHostileOneRunToOneResultAndASpectatorArrivingLateSeesTheBoardAtOnce() async throws {
        let server = try await NATSServerProcess.start()
        let coordinatorClient = try await connect(server)
        let coordinator = try GroupCoordinator(
            client: coordinatorClient, terms: GroupTerms(mode: .race, goalMetres: 100, startWhen: 51, countdownSeconds: 0.2),
            now: Self.now)
        let code = coordinator.codes
        let session = try await coordinator.open()
        let serving = Task { await coordinator.run(session) }

        // A name with a terminal escape is refused at the door.
        let runnersClient = try await connect(server)
        await #expect(throws: GroupRefused.self) {
            _ = try await GroupMembership.join(client: runnersClient, code: code, name: "Eve\u{1b}]0;owned\u{07}")
        }
        // Fifty honest runners, each a little faster than the one before, and one liar.
        var joined: [GroupMembership] = []
        for index in 0..<50 {
            joined.append(try await GroupMembership.join(client: runnersClient, code: code, name: "Runner \(index)"))
        }
        let members = joined
        // A spectator arriving now sees the fifty at once, before the next board is due.
        let spectatorClient = try await connect(server)
        let boards = try await GroupSpectator.watch(client: spectatorClient, code: GroupCodes(watch: code.watch, secret: nil)).boards
        let first = try await next(boards, within: 60)
        #expect(first?.board.phase == .gathering)
        #expect(first?.runners == 50)
        let liar = try await GroupMembership.join(client: runnersClient, code: code, name: "Liar")
        let results = try await withTimeout(60) {
            try await withThrowingTaskGroup(of: GroupBoardMessage?.self) { group in
                for (index, member) in members.enumerated() {
                    group.addTask { await Self.run(member, goal: 100, speed: 3 + Double(index) * 0.05) }
                }
                group.addTask {
                    // 42 km in a second, then a flood.
                    for await event in liar.events {
                        guard case .start = event else { continue }
                        liar.report(GroupReport(seq: 1, elapsedSeconds: 1, distanceMetres: 42_000))
                        for seq in 2...200 { liar.report(GroupReport(seq: seq, elapsedSeconds: 1, distanceMetres: 1)) }
                        break
                    }
                    return nil
                }
                var results: [GroupBoardMessage] = []
                for try await result in group {
                    if let result { results.append(result) }
                }
                return results
            }
        }
        let final = try #require(await serving.value)
        #expect(results.count == 50)
        #expect(final.phase == .over)
        // The fastest honest runner wins; the liar has no place and is last.
        #expect(final.runners.first?.name == "Runner 49")
        #expect(final.runners.last?.name == "Liar")
        #expect(final.runners.last?.status == .refused)
        #expect(final.place(of: liar.id) == nil)
        #expect(final.runners.filter { $0.status == .finished }.count == 50)
        #expect(results.allSatisfy { $0.runners == 50 && $0.board.runners.first?.name == "Runner 49" })

        // The spectator's last board is the result.
        let watched = try await withTimeout(30) {
            var last: GroupBoardMessage?
            for await board in boards { last = board }
            return last
        }
        #expect(watched?.board.phase == .over)
        #expect(watched?.board.runners.first?.name == "Runner 49")
        await coordinatorClient.close()
        await runnersClient.close()
        await spectatorClient.close()
        await server.stop()
    }

    @Test func aTeamStopsEveryoneAtItsGoalAndAStrangerWithoutTheCodeFindsNoGroup() async throws {
        let server = try await NATSServerProcess.start()
        let client = try await connect(server)
        let coordinator = try GroupCoordinator(
            client: client, terms: GroupTerms(mode: .team, goalMetres: 200, countdownSeconds: 0.2), now: Self.now)
        let code = coordinator.codes
        let session = try await coordinator.open()
        let serving = Task { await coordinator.run(session) }
        let ann = try await GroupMembership.join(client: client, code: code, name: "Ann")
        let bo = try await GroupMembership.join(client: client, code: code, name: "Bo")
        // A stranger guessing a code reaches nobody.
        await #expect(throws: NATSError.self) {
            let guessed = GroupCodes(watch: String(repeating: "a", count: 16), secret: String(repeating: "b", count: 12))
            _ = try await GroupMembership.join(client: client, code: guessed, name: "Stranger", timeout: .seconds(5))
        }
        coordinator.startNow()
        let stops = try await withTimeout(30) {
            await withTaskGroup(of: Bool.self) { group in
                for (member, share) in [(ann, 120.0), (bo, 90.0)] {
                    group.addTask {
                        var seq = 0
                        var stopped = false
                        for await event in member.events {
                            switch event {
                            case .start:
                                seq += 1
                                member.report(GroupReport(seq: seq, elapsedSeconds: 40, distanceMetres: share))
                            case .stop:
                                stopped = true
                                seq += 1
                                member.report(GroupReport(seq: seq, elapsedSeconds: 41, distanceMetres: share + 1, finished: true))
                            case .board(let board) where board.board.phase == .over:
                                return stopped
                            default:
                                continue
                            }
                        }
                        return false
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        #expect(stops == [true, true])
        let final = try #require(await serving.value)
        #expect(final.runners.map(\.name) == ["Ann", "Bo"])
        #expect(final.teamMetres == 212)
        await client.close()
        await server.stop()
    }

    @Test func aWatchCodeCannotJoinAWrongSecretIsRefusedWithAReasonAndATakenNameToo() async throws {
        let server = try await NATSServerProcess.start()
        let client = try await connect(server)
        let coordinator = try GroupCoordinator(
            client: client, terms: GroupTerms(mode: .race, goalMetres: 200, countdownSeconds: 0.2), now: Self.now)
        let session = try await coordinator.open()
        let serving = Task { await coordinator.run(session) }
        let code = coordinator.codes
        // Given Ann in the group
        let ann = try await GroupMembership.join(client: client, code: code, name: "Ann")
        // When a spectator tries its watch code, then it cannot even ask
        await #expect(throws: GroupRefused(reason: "a watch code cannot join: give the join code")) {
            _ = try await GroupMembership.join(client: client, code: GroupCodes(watch: code.watch, secret: nil), name: "Spy")
        }
        // And a guessed secret is refused, with the reason, not silence
        await #expect(throws: GroupRefused(reason: "the join code is wrong (its proof does not check)")) {
            _ = try await GroupMembership.join(client: client, code: GroupCodes(watch: code.watch, secret: "aaaaaaaaaaaa"), name: "Guess")
        }
        // And a second Ann is refused
        await #expect(throws: GroupRefused(reason: "the name Ann is taken in this group")) {
            _ = try await GroupMembership.join(client: client, code: code, name: "Ann")
        }
        // And the coordinator counted the one join it could not take in (the wrong secret)
        #expect(coordinator.dropped.value == 1)
        #expect(ann.dropped.value == 0)
        serving.cancel()
        await client.close()
        await server.stop()
    }

    @Test func aFloodOfJoinsAndBoardRequestsFillsNothingStartsNothingAndGetsAFewAnswers() async throws {
        let server = try await NATSServerProcess.start()
        let client = try await connect(server)
        let coordinator = try GroupCoordinator(
            client: client, terms: GroupTerms(mode: .race, goalMetres: 200, startWhen: 2, maxRunners: 5), now: Self.now)
        let session = try await coordinator.open()
        let serving = Task { await coordinator.run(session) }
        let subjects = coordinator.subjects
        // Given a stranger who knows the watch code, with an inbox of its own
        let stranger = try await connect(server)
        let inbox = try stranger.subscribe("_INBOX.stranger")
        try await stranger.flush()
        // When it sends 2,000 joins that prove nothing and 2,000 board requests at once
        for index in 0..<2000 {
            let join = GroupWire.joinRequest(.init(name: "Flood \(index)", key: "AAAA", proof: "AAAA"))
            try stranger.publish(subjects.join, payload: join, replyTo: inbox.subject)
            try stranger.publish(subjects.boardNow, payload: [], replyTo: inbox.subject)
        }
        try await stranger.flush()
        let counting = Task {
            var answers = 0
            for await _ in inbox.messages { answers += 1 }
            return answers
        }
        try await Task.sleep(for: .seconds(1.5))
        inbox.unsubscribe()
        let answered = await counting.value
        // Then a few are answered, the rest dropped and counted: 100 joins at once and 5 boards,
        // and 1.5 s of the rates after them (50 and 3 a second)
        #expect(answered > 0 && answered <= 100 + 5 + 2 * (50 + 3), "\(answered) answers")
        // (every join is dropped, answered or not: none proves the code; a board answered is not)
        #expect((3_980...4_000).contains(coordinator.dropped.value), "\(coordinator.dropped.value) dropped")
        // And an honest runner still gets in, and the group of one has not started
        let ann = try await GroupMembership.join(client: client, code: coordinator.codes, name: "Ann")
        let board = try await GroupSpectator.watch(client: stranger, code: GroupCodes(watch: coordinator.codes.watch, secret: nil))
        let first = try await next(board.boards, within: 10)
        #expect(first?.board.phase == .gathering && first?.runners == 1)
        #expect(ann.dropped.value == 0)
        serving.cancel()
        await stranger.close()
        await client.close()
        await server.stop()
    }
}
