import MateRunDomain
import Testing

/// A group's rules resumed from their state in another process go on as the first ones would
/// have: the same board, the same verdicts, the same end.
@Suite struct GroupRaceResumptionTests {
    private let race = GroupTerms(mode: .race, goalMetres: 1000, speed: 1)

    /// Ann, Bo and Cy started at second 0, running from second 3, with a report each at 103.
    private func midRace() -> GroupRaceRules {
        var rules = GroupRaceRules(terms: race)
        for name in ["Ann", "Bo", "Cy"] { _ = rules.handle(.join(id: name.lowercased(), name: name), now: 0) }
        _ = rules.handle(.startNow, now: 0)
        _ = rules.handle(.tick, now: 3)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 4, elapsedSeconds: 100, distanceMetres: 300)), now: 103)
        _ = rules.handle(.report(id: "bo", GroupReport(seq: 4, elapsedSeconds: 100, distanceMetres: 400)), now: 103)
        _ = rules.handle(.leave(id: "cy"), now: 103)
        return rules
    }

    @Test func aResumedGroupHasTheSameBoardAndState() {
        let original = midRace()
        let resumed = GroupRaceRules(terms: race, resuming: original.state, now: 105)
        #expect(resumed.board == original.board)
        #expect(resumed.state == original.state)
        #expect(resumed.phase == .running)
    }

    @Test func aResumedGroupIgnoresReportsItAlreadyTookAndTakesNewerOnes() {
        var resumed = GroupRaceRules(terms: race, resuming: midRace().state, now: 105)
        _ = resumed.handle(.report(id: "ann", GroupReport(seq: 4, elapsedSeconds: 101, distanceMetres: 999)), now: 105)
        #expect(resumed.board.runners.first { $0.id == "ann" }?.distanceMetres == 300)
        _ = resumed.handle(.report(id: "ann", GroupReport(seq: 5, elapsedSeconds: 102, distanceMetres: 305)), now: 106)
        #expect(resumed.board.runners.first { $0.id == "ann" }?.distanceMetres == 305)
    }

    @Test func aResumedGroupStillRefusesARunnerWhoJumpsFromItsLastFigures() {
        var resumed = GroupRaceRules(terms: race, resuming: midRace().state, now: 105)
        // 300 m at 100 s, then 900 m more in 4 s: faster than any runner.
        let actions = resumed.handle(.report(id: "ann", GroupReport(seq: 5, elapsedSeconds: 104, distanceMetres: 1200)), now: 107)
        #expect(actions.contains { if case .refuse(id: "ann", _) = $0 { true } else { false } })
    }

    @Test func aResumedGroupEndsWithTheResultTheOriginalWouldHaveGiven() {
        var original = midRace()
        var resumed = GroupRaceRules(terms: race, resuming: original.state, now: 110)
        let finishes = [
            ("bo", GroupReport(seq: 5, elapsedSeconds: 290, distanceMetres: 1000, finished: true, reachedGoal: true)),
            ("ann", GroupReport(seq: 5, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true)),
        ]
        var results: [[GroupAction]] = [[], []]
        for (id, report) in finishes {
            results[0] = original.handle(.report(id: id, report), now: 303)
            results[1] = resumed.handle(.report(id: id, report), now: 303)
        }
        #expect(results[0] == results[1])
        guard case .concluded(let board)? = results[1].last else {
            Issue.record("no result: \(results[1])")
            return
        }
        #expect(board.runners.map(\.name) == ["Bo", "Ann", "Cy"])
    }

    @Test func aResumedGroupThatWasGatheringStillTakesJoinsButNotATakenName() {
        var gathering = GroupRaceRules(terms: race)
        _ = gathering.handle(.join(id: "ann", name: "Ann"), now: 0)
        var resumed = GroupRaceRules(terms: race, resuming: gathering.state, now: 30)
        #expect(resumed.handle(.join(id: "bo", name: "Bo"), now: 31) == [.admit(id: "bo")])
        #expect(resumed.handle(.join(id: "eve", name: "Ann"), now: 31) == [.refuseJoin(id: "eve", reason: "the name Ann is taken in this group")])
        #expect(resumed.handle(.join(id: "ann", name: "Ann"), now: 32) == [.admit(id: "ann")])
    }

    @Test func aResumedTeamRunStopsEveryoneOnceAndCountsTheDistancesItHad() {
        let team = GroupTerms(mode: .team, goalMetres: 1000, speed: 1)
        var rules = GroupRaceRules(terms: team)
        for name in ["Ann", "Bo"] { _ = rules.handle(.join(id: name.lowercased(), name: name), now: 0) }
        _ = rules.handle(.startNow, now: 0)
        _ = rules.handle(.tick, now: 3)
        _ = rules.handle(.report(id: "ann", GroupReport(seq: 1, elapsedSeconds: 200, distanceMetres: 600)), now: 203)
        var resumed = GroupRaceRules(terms: team, resuming: rules.state, now: 204)
        let actions = resumed.handle(.report(id: "bo", GroupReport(seq: 1, elapsedSeconds: 200, distanceMetres: 450)), now: 204)
        #expect(actions.contains(.stopEveryone))
        let again = GroupRaceRules(terms: team, resuming: resumed.state, now: 205)
        #expect(again.state.stoppedEveryone)
    }
}
