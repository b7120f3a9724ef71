import MateRunDomain
import Testing

@Suite("A host waiting for its mate: notices every 10 s, then it stops")
struct MateWaitTests {
    @Test func aHostSaysItStillWaitsEveryTenSecondsUntilTheLimit() {
        // Given a host that waits at most 35 s
        let wait = MateWait(limit: 35)
        // When it follows what is due from the start
        var waited = 0.0
        var steps: [MateWait.Step] = []
        var times: [Double] = []
        while steps.last.map({ if case .giveUp = $0 { false } else { true } }) ?? true {
            let (at, step) = wait.next(after: waited)
            times.append(at)
            steps.append(step)
            waited = at
        }
        // Then it says so at 10, 20 and 30 s, and gives up at 35 s
        #expect(times == [10, 20, 30, 35])
        #expect(steps == [.stillWaiting(seconds: 10), .stillWaiting(seconds: 20), .stillWaiting(seconds: 30), .giveUp(seconds: 35)])
    }

    @Test func aLimitOnAWholeIntervalGivesUpThereWithoutANoticeFirst() {
        let wait = MateWait(limit: 20)
        #expect(wait.next(after: 10).at == 20)
        #expect(wait.next(after: 10).step == .giveUp(seconds: 20))
    }

    @Test func aHostThatWokeLateSaysTheNextWholeIntervalNotTheOnesItMissed() {
        // Given a host whose timer fired late, at 23.4 s
        let wait = MateWait(limit: 600)
        // Then the next notice is at 30 s
        #expect(wait.next(after: 23.4).at == 30)
        #expect(wait.next(after: 23.4).step == .stillWaiting(seconds: 30))
    }
}
