import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// A connection's rules of time, with no socket: the manual clock moves, the machine says when
/// the connection fails and why, and when it is over.
@Suite struct TCPConnectionMachineTests {
    private let clock = ManualClock()

    /// The manual clock's time as the machine counts it (since the connection started).
    private var now: Duration { .seconds(clock.now()) }

    private func machine(idle: Double = 10, rate: TCPRateLimit? = nil, deadline: Double? = nil) -> TCPConnectionMachine {
        TCPConnectionMachine(idleTimeout: .seconds(idle), rateLimit: rate, deadline: deadline.map { .seconds($0) })
    }

    @Test func aSilentPeerFailsAtTheIdleTimeoutCountedFromItsLastFrame() {
        // Given a connection idle 10 s whose peer sent a frame at 4 s
        var machine = machine(idle: 10)
        clock.advance(to: 4)
        #expect(machine.received(bytes: 20, frames: 1, at: now) == nil)
        // When the clock passes 13.9 s, then 14 s
        clock.advance(to: 13.9)
        let early = machine.tick(at: now)
        clock.advance(to: 14)
        // Then it fails at 14 s exactly, not before, and asked to be woken then
        #expect(early == nil)
        #expect(machine.nextWake == .seconds(14))
        #expect(machine.tick(at: now) == .idleTimeout(seconds: 10))
    }

    @Test func halfAFrameIsNotASignOfLife() {
        var machine = machine(idle: 10)
        clock.advance(to: 6)
        #expect(machine.received(bytes: 500, frames: 0, at: now) == nil)
        clock.advance(to: 10)
        #expect(machine.tick(at: now) == .idleTimeout(seconds: 10))
    }

    @Test func timeTheReaderIsBehindDoesNotCountAsThePeersSilence() {
        // Given a reader that fell behind from 2 s to 9 s (the socket is not read meanwhile)
        var machine = machine(idle: 10)
        for second in 2...9 {
            clock.advance(to: Double(second))
            machine.readerBehind(at: now)
        }
        // When the clock reaches 12 s, then 19 s
        clock.advance(to: 12)
        let afterTen = machine.tick(at: now)
        clock.advance(to: 19)
        // Then the peer's silence counts from 9 s
        #expect(afterTen == nil)
        #expect(machine.tick(at: now) == .idleTimeout(seconds: 10))
    }

    @Test func theDeadlineCountsFromTheStartWhateverThePeerSends() {
        var machine = machine(idle: 3, deadline: 5)
        for tenth in 1..<50 {
            clock.advance(to: Double(tenth) / 10)
            #expect(machine.received(bytes: 5, frames: 1, at: now) == nil)
            #expect(machine.tick(at: now) == nil)
        }
        clock.advance(to: 5)
        #expect(machine.tick(at: now) == .deadline(seconds: 5))
    }

    @Test func aLiftedDeadlineNoLongerEndsTheConnection() {
        var machine = machine(idle: 60, deadline: 5)
        clock.advance(to: 2)
        machine.deadline = nil
        clock.advance(to: 30)
        #expect(machine.tick(at: now) == nil)
        #expect(machine.nextWake == .seconds(60))
    }

    @Test func aPeerThatReadsNothingStallsOurWritesAndFails() {
        // Given bytes queued at 1 s for a peer that takes none
        var machine = machine(idle: 10)
        clock.advance(to: 1)
        machine.queued(at: now)
        // When frames keep coming from it (so it is not idle) until 11 s
        for second in 2...11 {
            clock.advance(to: Double(second))
            _ = machine.received(bytes: 10, frames: 1, at: now)
        }
        // Then its stall fails it 10 s after the bytes were queued
        #expect(machine.tick(at: now) == .sendStalled(seconds: 10))
    }

    @Test func writesThatMoveKeepTheStallAway() {
        var machine = machine(idle: 10)
        clock.advance(to: 1)
        machine.queued(at: now)
        clock.advance(to: 8)
        machine.wrote(more: true, at: now)
        _ = machine.received(bytes: 10, frames: 1, at: now)
        clock.advance(to: 15)
        machine.wrote(more: false, at: now)
        _ = machine.received(bytes: 10, frames: 1, at: now)
        clock.advance(to: 24)
        #expect(machine.tick(at: now) == nil)
        #expect(machine.stalledSince == nil)
    }

    @Test func morePerSecondThanTheRateLimitIsAFlood() {
        // Given 10 frames a second allowed
        let limit = TCPRateLimit(bytesPerSecond: 1000, framesPerSecond: 10)
        var machine = machine(rate: limit)
        // When 10 frames come within 0.9 s, then one more in the same second
        for tenth in 0..<10 {
            clock.advance(to: Double(tenth) / 10)
            #expect(machine.received(bytes: 10, frames: 1, at: now) == nil)
        }
        clock.advance(to: 0.95)
        // Then the eleventh is a flood
        #expect(machine.received(bytes: 10, frames: 1, at: now) == .flooded(limit))
    }

    @Test func theRateWindowStartsAgainEachSecond() {
        let limit = TCPRateLimit(bytesPerSecond: 1000, framesPerSecond: 10)
        var machine = machine(rate: limit)
        for second in 0..<5 {
            clock.advance(to: Double(second))
            #expect(machine.received(bytes: 900, frames: 10, at: now) == nil)
        }
        clock.advance(to: 4.5)
        #expect(machine.received(bytes: 101, frames: 0, at: now) == .flooded(limit))
    }

    @Test func aClosingConnectionLingersOneSecondThenIsClosed() {
        // Given a connection that fails at 3 s for flooding
        var machine = machine()
        clock.advance(to: 3)
        machine.close(at: now, linger: true)
        // When the clock moves to just before, then to, 4 s
        #expect(machine.nextWake == .seconds(4))
        clock.advance(to: 3.99)
        _ = machine.tick(at: now)
        let lingering = machine.phase
        clock.advance(to: 4)
        _ = machine.tick(at: now)
        // Then it drained input for one second, and is closed after
        #expect(lingering == .closing(until: .seconds(4)))
        #expect(machine.phase == .closed)
        #expect(machine.nextWake == nil)
    }

    @Test func aClosingConnectionNoLongerFailsAndAnAbortCutsItsLingerShort() {
        var machine = machine(idle: 1, deadline: 2)
        clock.advance(to: 0.5)
        machine.close(at: now, linger: true)
        clock.advance(to: 0.9)
        #expect(machine.tick(at: now) == nil)
        machine.close(at: now, linger: false)
        #expect(machine.phase == .closed)
    }

    @Test func aPeerThatIsGoneIsClosedAtOnce() {
        var machine = machine()
        clock.advance(to: 2)
        machine.queued(at: now)
        machine.close(at: now, linger: false)
        #expect(machine.phase == .closed)
        #expect(machine.stalledSince == nil)
    }

    @Test func theNextWakeIsTheEarliestRuleThatCanFire() {
        var machine = machine(idle: 10, deadline: 30)
        clock.advance(to: 5)
        _ = machine.received(bytes: 1, frames: 1, at: now)
        #expect(machine.nextWake == .seconds(15))
        clock.advance(to: 6)
        machine.queued(at: now)
        #expect(machine.nextWake == .seconds(15))
        clock.advance(to: 12)
        _ = machine.received(bytes: 1, frames: 1, at: now)
        #expect(machine.nextWake == .seconds(16))
        machine.idleTimeout = .seconds(60)
        #expect(machine.nextWake == .seconds(30))
    }

    @Test func aChunkOfASelfFramedProtocolIsASignOfLifeWithoutARate() {
        var machine = machine(idle: 10, rate: TCPRateLimit(bytesPerSecond: 1, framesPerSecond: 1))
        clock.advance(to: 9)
        machine.heard(at: now)
        clock.advance(to: 18)
        #expect(machine.tick(at: now) == nil)
        clock.advance(to: 19)
        #expect(machine.tick(at: now) == .idleTimeout(seconds: 10))
    }
}

/// The poller's times: earliest first, whatever order they were pushed in.
@Suite struct PollerTimersTests {
    @Test func timesComeOutEarliestFirstAndOnlyOnceDue() {
        // Given times pushed out of order
        let origin = ContinuousClock.now
        var timers = PollerTimers()
        for (offset, token) in [(5, 1), (1, 2), (9, 3), (3, 4), (1, 5), (7, 6)] as [(Int, UInt64)] {
            timers.push(origin + .seconds(offset), token)
        }
        // When they are taken at 4 s, then at 10 s
        var early: [UInt64] = []
        while let (_, token) = timers.popDue(at: origin + .seconds(4)) { early.append(token) }
        var late: [UInt64] = []
        while let (_, token) = timers.popDue(at: origin + .seconds(10)) { late.append(token) }
        // Then those due by 4 s come first, in time order, and the rest after
        #expect(early.count == 3 && Set(early.prefix(2)) == [2, 5] && early.last == 4)
        #expect(late == [1, 6, 3])
        #expect(timers.earliest == nil)
    }
}
