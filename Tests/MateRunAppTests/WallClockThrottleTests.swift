@testable import MateRunApp
import Testing

/// The plain screen's once-a-second line: due on time when events are far apart, at most about a
/// millisecond late at full speed, without a clock read for each event there.
@Suite struct WallClockThrottleTests {
    /// A wall clock the test moves, counting its reads.
    private final class ManualWall {
        var seconds = 0.0
        var reads = 0

        func read() -> Double {
            reads += 1
            return seconds
        }
    }

    @Test func eventsASecondApartAreEachDueAndEachReadTheClock() {
        // Given a throttle of one second and events a second apart, as a paced replay sends them
        var throttle = WallClockThrottle(interval: 1, steady: false)
        let wall = ManualWall()
        var due: [Double] = []
        // When ten events come
        for second in 0..<10 {
            wall.seconds = Double(second)
            if throttle.isDue(clock: wall.read) { due.append(wall.seconds) }
        }
        // Then every one is due, at its own time, and each read the clock
        #expect(due == (0..<10).map(Double.init))
        #expect(wall.reads == 10)
    }

    @Test func eventsAMicrosecondApartAreDueOnceASecondAtMostAMillisecondLateWithFewReads() {
        // Given events a microsecond apart for three seconds, as a replay at full speed sends them
        var throttle = WallClockThrottle(interval: 1, steady: true)
        let wall = ManualWall()
        var due: [Double] = []
        let events = 3_000_000
        // When each is offered
        for event in 0..<events {
            wall.seconds = Double(event) * 1e-6
            if throttle.isDue(clock: wall.read) { due.append(wall.seconds) }
        }
        // Then the first, and one in each later second, are due, each within a millisecond of
        // the second it was due at, and the clock was read for fewer than one event in a hundred
        #expect(due.count == 3)
        #expect(due.first == 0)
        for (index, seconds) in due.enumerated().dropFirst() {
            #expect(seconds >= Double(index) && seconds < Double(index) + 0.0011, "due at \(seconds)")
        }
        #expect(wall.reads < events / 100)
    }

    @Test func aRunThatIsNotSteadyReadsTheClockAtEachEventEvenAfterABurst() {
        // Given a paced run's throttle offered a burst of fast events (a live receiver's backlog)
        var throttle = WallClockThrottle(interval: 1, steady: false)
        let wall = ManualWall()
        for event in 0..<100_000 {
            wall.seconds = Double(event) * 1e-6
            _ = throttle.isDue(clock: wall.read)
        }
        // When events then come a second apart
        var due = 0
        for second in 1...5 {
            wall.seconds = Double(second)
            if throttle.isDue(clock: wall.read) { due += 1 }
        }
        // Then each read the clock and each is due
        #expect(wall.reads == 100_005)
        #expect(due == 5)
    }
}
