@testable import MateRunRelay
import Testing

/// The host's answers to probes and refused dials: a flood is answered at the budget's rate.
@Suite struct NATSTunnelAnswerBudgetTests {
    @Test func aBurstIsAnsweredThenTwentyASecondAndAQuietSecondRefillsIt() {
        var budget = NATSTunnelAnswerBudget()
        let start = ContinuousClock.now
        let burst = (0..<100).filter { _ in budget.take(now: start) }.count
        #expect(burst == 20)
        // Half a second later: ten more, and no eleventh.
        let later = start + .milliseconds(500)
        #expect((0..<100).filter { _ in budget.take(now: later) }.count == 10)
        // After a quiet 10 s, the burst again, never more.
        #expect((0..<100).filter { _ in budget.take(now: later + .seconds(10)) }.count == 20)
    }
}
