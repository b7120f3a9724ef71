import MateRunDomain
@testable import MateRunMate
import Testing

@Suite struct WrongCodeThrottleTests {
    @Test func anAddressMayTryUntilItsThirdWrongCode() {
        var throttle = WrongCodeThrottle()
        throttle.recordWrongCode(from: "10.0.0.2", now: 0)
        throttle.recordWrongCode(from: "10.0.0.2", now: 1)
        #expect(throttle.waitTime(for: "10.0.0.2", now: 1) == nil)
        throttle.recordWrongCode(from: "10.0.0.2", now: 2)
        #expect(throttle.waitTime(for: "10.0.0.2", now: 2) == MateProtocol.throttleInitialPeriod)
        #expect(throttle.waitTime(for: "10.0.0.3", now: 2) == nil)
    }

    @Test func eachFurtherWrongCodeDoublesTheWaitUpToTheCap() {
        var throttle = WrongCodeThrottle()
        var now = 0.0
        var waits: [Double] = []
        for _ in 0..<10 {
            throttle.recordWrongCode(from: "h", now: now)
            let wait = throttle.waitTime(for: "h", now: now) ?? 0
            waits.append(wait)
            now += wait
        }
        #expect(waits == [0, 0, 5, 10, 20, 40, 60, 60, 60, 60])
    }

    @Test func theRightCodeForgetsTheAddress() {
        var throttle = WrongCodeThrottle()
        for second in 0..<3 { throttle.recordWrongCode(from: "h", now: Double(second)) }
        throttle.recordRightCode(from: "h")
        #expect(throttle.waitTime(for: "h", now: 3) == nil)
    }
}
