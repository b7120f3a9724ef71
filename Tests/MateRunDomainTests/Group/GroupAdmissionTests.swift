import MateRunDomain
import MateRunTestSupport
import Testing

/// Who gets into a group and how much a stranger can make its coordinator do, on a manual clock.
@Suite struct GroupAdmissionTests {
    @Test func aRateLimitLetsItsBurstThroughThenItsRateAndNoMore() {
        // Given a limit of 5 at once and 3 a second, on a clock at 0
        let clock = ManualClock()
        var limit = GroupRateLimit(burst: 5, perSecond: 3)
        // When 1,000 come at once, then 5 pass
        #expect((0..<1000).count { _ in limit.allows(now: clock.now()) } == 5)
        // And a second later 3 more, however many ask
        clock.advance(to: 1)
        #expect((0..<1000).count { _ in limit.allows(now: clock.now()) } == 3)
        // And after a long quiet, the burst again and not more
        clock.advance(to: 100)
        #expect((0..<1000).count { _ in limit.allows(now: clock.now()) } == 5)
        // And a clock that goes back gives nothing back
        let backwards = limit.allows(now: 50)
        #expect(!backwards)
    }

    @Test func aNameTakenIsRefusedAndTheSameRunnerAskingAgainIsAdmittedOnce() {
        // Given Ann in a group
        var rules = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000, startWhen: 3))
        #expect(rules.handle(.join(id: "ann", name: "Ann"), now: 0) == [.admit(id: "ann")])
        // When another runner asks as Ann, then the name is refused
        #expect(rules.handle(.join(id: "eve", name: "Ann"), now: 1) == [.refuseJoin(id: "eve", reason: "the name Ann is taken in this group")])
        // And Ann's own join again (sent twice, or replayed) admits her again without a second place
        #expect(rules.handle(.join(id: "ann", name: "Ann"), now: 2) == [.admit(id: "ann")])
        #expect(rules.board.runners.map(\.id) == ["ann"])
    }

    @Test func aFloodOfJoinsFillsTheGroupToItsCapAndNeverStartsItWithoutStartWhen() {
        // Given a group of at most 100 that starts on its creator's Enter only
        var rules = GroupRaceRules(terms: GroupTerms(mode: .race, goalMetres: 1000, maxRunners: 100))
        // When 10,000 different runners ask to join
        var admitted = 0
        var refused = 0
        for index in 0..<10_000 {
            for action in rules.handle(.join(id: "r\(index)", name: "R\(index)"), now: Double(index) / 1000) {
                if case .admit = action { admitted += 1 }
                if case .refuseJoin = action { refused += 1 }
                #expect(action != .start(inSeconds: 3))
            }
        }
        // Then 100 are in, the rest are refused, and the group still gathers
        #expect(admitted == 100 && refused == 9_900)
        #expect(rules.board.runners.count == 100)
        #expect(rules.phase == .gathering)
    }
}
