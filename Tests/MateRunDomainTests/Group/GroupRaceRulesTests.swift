import MateRunDomain
import Testing

/// The group's rules on a manual clock: `now` is whatever the test says.
@Suite struct GroupRaceRulesTests {
    private let race = GroupTerms(mode: .race, goalMetres: 1000, speed: 1, startWhen: 3)

    /// A group with `names` joined at second 0 and started (countdown 3 s) and running at 3.
    private func running(_ names: [String], terms: GroupTerms? = nil) -> GroupRaceRules {
        var rules = GroupRaceRules(terms: terms ?? race)
        for name in names { _ = rules.handle(.join(id: name.lowercased(), name: name), now: 0) }
        _ = rules.handle(.startNow, now: 0)
        _ = rules.handle(.tick, now: 3)
        return rules
    }

    @Test func startsEveryoneTogetherWhenEnoughRunnersAreIn() {
        var rules = GroupRaceRules(terms: race)
        #expect(rules.handle(.join(id: "a", name: "Ann"), now: 0) == [.admit(id: "a")])
        _ = rules.handle(.join(id: "b", name: "Bo"), now: 1)
        let actions = rules.handle(.join(id: "c", name: "Cy"), now: 2)
        #expect(actions.prefix(2) == [.admit(id: "c"), .start(inSeconds: 3)])
        #expect(rules.phase == .starting)
        _ = rules.handle(.tick, now: 5)
        #expect(rules.phase == .running)
        #expect(rules.board.runners.allSatisfy { $0.status == .running })
    }

    @Test func theCreatorStartsWithoutWaitingForTheCount() {
        var rules = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000))
        _ = rules.handle(.join(id: "a", name: "Ann"), now: 0)
        #expect(rules.handle(.startNow, now: 1).contains(.start(inSeconds: 3)))
    }

    @Test func refusesLateJoinersHostileNamesAndAFullGroup() {
        var full = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: 1))
        _ = full.handle(.join(id: "a", name: "Ann"), now: 0)
        #expect(full.handle(.join(id: "b", name: "Bo"), now: 0) == [.refuseJoin(id: "b", reason: "the group is full (1 runners)")])
        var rules = GroupRaceRules(terms: race)
        let escape = rules.handle(.join(id: "x", name: "Eve\u{1b}[2J"), now: 0)
        #expect(escape == [.refuseJoin(id: "x", reason: "a name with control characters")])
        var started = running(["Ann"])
        #expect(started.handle(.join(id: "z", name: "Zed"), now: 10) == [.refuseJoin(id: "z", reason: "the group has already started")])
        // (a runner already in, asking again after the start, is welcomed again, never refused)
        #expect(started.handle(.join(id: "ann", name: "Ann"), now: 10) == [.admit(id: "ann")])
    }

    @Test func ranksFinishersByTimeThenOthersByDistanceAndShowsGapsBothWays() {
        var rules = running(["Ann", "Bo", "Cy"])
        _ = rules.handle(.report(id: "bo", GroupReport(seq: 1, elapsedSeconds: 100, distanceMetres: 400)), now: 103)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 100, distanceMetres: 300)), now: 103)
        _ = rules.handle(.report(id: "cy", GroupReport(seq: 1, elapsedSeconds: 100, distanceMetres: 200)), now: 103)
        #expect(rules.board.runners.map(\.name) == ["Bo", "Ann", "Cy"])
        let ann = GroupStanding(board: rules.board, id: "ann")
        #expect(ann?.place == 2)
        #expect(ann?.runners == 3)
        #expect(ann?.leader?.name == "Bo")
        #expect(ann?.ahead?.name == "Bo")
        #expect(ann?.ahead?.gapMetres == 100)
        #expect(ann?.ahead?.gapSeconds == 100.0 / 3)  // 100 m at Ann's 3 m/s
        #expect(ann?.behind?.name == "Cy")
        #expect(ann?.behind?.gapMetres == 100)
        #expect(ann?.behind?.gapSeconds == 50)  // 100 m at Cy's 2 m/s
        // A finisher at the goal outranks anyone still running, and the faster finisher leads.
        _ = rules.handle(.report(id: "cy", GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true)), now: 303)
        _ = rules.handle(.report(id: "bo", GroupReport(seq: 2, elapsedSeconds: 290, distanceMetres: 1000, finished: true, reachedGoal: true)), now: 303)
        #expect(rules.board.runners.map(\.name) == ["Bo", "Cy", "Ann"])
    }

    @Test func concludesWhenNobodyIsLeftRunningWithoutWaitingForTheGoneOnes() {
        var rules = running(["Ann", "Bo", "Cy"])
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 10, distanceMetres: 30)), now: 13)
        _ = rules.handle(.leave(id: "bo"), now: 14)
        #expect(rules.board.runners.first { $0.id == "bo" }?.status == .left)
        // Cy says nothing: vanished after 15 s of silence, and nobody waits for it.
        _ = rules.handle(.tick, now: 19)
        #expect(rules.board.runners.first { $0.id == "cy" }?.status == .vanished)
        let actions = rules.handle(
            .report(id: "ann", GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true)), now: 303)
        guard case .concluded(let result)? = actions.last else {
            Issue.record("no result: \(actions)")
            return
        }
        #expect(result.phase == .over)
        #expect(result.runners.map(\.name) == ["Ann", "Bo", "Cy"])  // the gone ones by distance, then in order of joining
        #expect(rules.handle(.tick, now: 304).isEmpty)
    }

    @Test func aVanishedRunnerHeardAgainIsBackInTheRun() {
        var rules = running(["Ann", "Bo"])
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 1, distanceMetres: 3)), now: 4)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 2, elapsedSeconds: 15, distanceMetres: 45)), now: 18)
        _ = rules.handle(.tick, now: 19)
        #expect(rules.board.runners.first { $0.id == "bo" }?.status == .vanished)
        _ = rules.handle(.report(id: "bo", GroupReport(seq: 1, elapsedSeconds: 17, distanceMetres: 50)), now: 20)
        #expect(rules.board.runners.first { $0.id == "bo" }?.status == .running)
    }

    @Test func impossibleFiguresRefuseOnlyTheirSender() {
        var rules = running(["Ann", "Eve"])
        let actions = rules.handle(.report(id: "eve", GroupReport(seq: 1, elapsedSeconds: 1, distanceMetres: 42_000)), now: 4)
        #expect(actions.contains { if case .refuse(id: "eve", _) = $0 { true } else { false } })
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 10, distanceMetres: 30)), now: 13)
        #expect(rules.board.runners.map(\.name) == ["Ann", "Eve"])
        #expect(rules.board.place(of: "eve") == nil)
        #expect(GroupStanding(board: rules.board, id: "ann")?.runners == 1)
        // Nothing Eve sends counts any more.
        _ = rules.handle(.report(id: "eve", GroupReport(seq: 2, elapsedSeconds: 11, distanceMetres: 31)), now: 14)
        #expect(rules.board.runners.last?.distanceMetres == 0)
    }

    @Test func aFloodRefusesItsSenderAndNobodyElse() {
        var rules = running(["Ann", "Eve"])
        var refusedAt: Int?
        for seq in 1...100 {
            let actions = rules.handle(.report(id: "eve", GroupReport(seq: seq, elapsedSeconds: 1, distanceMetres: 1)), now: 4)
            if actions.contains(where: { if case .refuse(id: "eve", "too many messages") = $0 { true } else { false } }) {
                refusedAt = seq
                break
            }
        }
        #expect(refusedAt == Int(GroupRaceRules.floodBurst) + 1)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 2, distanceMetres: 5)), now: 5)
        #expect(rules.board.runners.first?.name == "Ann")
        #expect(rules.board.runners.first?.status == .running)
    }

    @Test func aTeamReachingItsGoalStopsEveryoneAndIsRankedByDistance() {
        var rules = running(["Ann", "Bo"], terms: GroupTerms(mode: .team, goalMetres: 1000, speed: 1))
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 200, distanceMetres: 600)), now: 203)
        let actions = rules.handle(.report(id: "bo", GroupReport(seq: 1, elapsedSeconds: 200, distanceMetres: 450)), now: 203)
        #expect(actions.contains(.stopEveryone))
        #expect(GroupStanding(board: rules.board, id: "bo")?.teamMetres == 1050)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 2, elapsedSeconds: 201, distanceMetres: 603, finished: true)), now: 204)
        let last = rules.handle(.report(id: "bo", GroupReport(seq: 2, elapsedSeconds: 201, distanceMetres: 452, finished: true)), now: 204)
        guard case .concluded(let result)? = last.last else {
            Issue.record("no result")
            return
        }
        #expect(result.runners.map(\.name) == ["Ann", "Bo"])
    }

    @Test func anOlderOrRepeatedReportNeverMovesARunnerBack() {
        var rules = running(["Ann"])
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 5, elapsedSeconds: 100, distanceMetres: 300)), now: 103)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 4, elapsedSeconds: 90, distanceMetres: 250)), now: 104)
        #expect(rules.board.runners.first?.distanceMetres == 300)
    }

    @Test func aGroupThatGathersWithNobodyReadyForTenMinutesIsOver() {
        // Given a group whose only runner left before the start, at second 5
        var rules = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000))
        _ = rules.handle(.join(id: "a", name: "Ann"), now: 0)
        _ = rules.handle(.leave(id: "a"), now: 5)
        // When ticks come: the first at 6 starts the count
        _ = rules.handle(.tick, now: 6)
        // Then it is still gathering ten minutes less a second later, and over at ten minutes
        #expect(rules.handle(.tick, now: 605).allSatisfy { if case .publish = $0 { true } else { false } })
        #expect(rules.phase == .gathering)
        guard case .concluded(let board)? = rules.handle(.tick, now: 606).last else {
            Issue.record("not over")
            return
        }
        #expect(board.phase == .over)
        #expect(board.runners.map(\.status) == [.left])
    }

    @Test func aGroupWithSomeoneReadyIsNeverAbandoned() {
        var rules = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000))
        _ = rules.handle(.join(id: "a", name: "Ann"), now: 0)
        for second in stride(from: 1.0, through: 3600, by: 60) { _ = rules.handle(.tick, now: second) }
        #expect(rules.phase == .gathering)
    }
}
