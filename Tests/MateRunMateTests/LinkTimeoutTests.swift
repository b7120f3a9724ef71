import MateRunDomain
import MateRunJSON
@testable import MateRunMate
@testable import MateRunSocket
import MateRunTestSupport
import Testing

extension MateClock {
    /// The mate transport's clock driven by a test's manual clock: time passes only when the
    /// test advances it.
    static func manual(_ clock: ManualClock) -> MateClock {
        MateClock(
            now: { .seconds(clock.now()) },
            sleep: { duration in try await clock.sleep(until: clock.now() + duration.seconds) })
    }
}

/// The link's own timeouts, driven by a manual clock over a real loopback connection: a
/// heartbeat after a second of silence, and a mate lost 30 s after its connection dropped, each
/// seen without waiting for it.
@Suite(.timeLimit(.minutes(5)))
struct LinkTimeoutTests {
    /// A host-side link over an accepted connection, with the protocol's timings on `clock`, and
    /// the raw client at the other end.
    private func link(on clock: ManualClock) async throws -> (TCPMateLink, TCPConnection) {
        var timings = MateTimings()
        timings.clock = .manual(clock)
        let pair = try await LoopbackPair.make(serverIdleTimeout: .seconds(30))
        let link = await TCPMateLink.open(channel: pair.server, timings: timings, recovery: .awaitMate)
        return (link, pair.client)
    }

    @Test func aHeartbeatGoesOutAfterASecondWithNothingToSay() async throws {
        // Given a fresh link that has sent nothing, and its clock standing still
        let clock = ManualClock()
        let (link, client) = try await link(on: clock)
        #expect(try await eventually { clock.sleeperCount > 0 }, "the heartbeat waits on the clock")
        // When one second passes on the clock
        clock.advance(by: 1)
        // Then the peer receives a heartbeat (no seq yet: nothing was numbered)
        let frame = try #require(try await nextFrame(client))
        #expect(frame == #"{"type":"heartbeat"}"#)
        await link.close(MateGoodbye(reason: .finished, message: "test over"))
    }

    @Test func aMateWhoseConnectionDroppedIsLostAfterThirtySecondsOfClockTime() async throws {
        // Given a host-side link whose joiner's connection drops
        let clock = ManualClock()
        let (link, client) = try await link(on: clock)
        client.close()
        #expect(try await nextEvent(link)?.isInterrupted == true)
        // When 30 s pass on the clock, in two steps (real time: none to speak of)
        try await advanceWhileSleeping(clock, by: 29)
        try await advanceWhileSleeping(clock, by: 1)
        // Then the mate is lost, after the protocol's bound
        let event = try await nextEvent(link)
        #expect(event == .lost(reason: .connectionLost, detail: "no connection to the mate for 30 s"))
    }

    /// Advances `clock` once someone sleeps on it, so that the advance reaches the sleeper.
    private func advanceWhileSleeping(_ clock: ManualClock, by seconds: Double) async throws {
        #expect(try await eventually { clock.sleeperCount > 0 })
        clock.advance(by: seconds)
    }

    /// Yields until `condition` holds, within a bound.
    private func eventually(_ condition: @escaping @Sendable () -> Bool) async throws -> Bool {
        try await withTimeout {
            while !condition() { await Task.yield() }
            return true
        }
    }
}

private extension MateLinkEvent {
    var isInterrupted: Bool {
        if case .interrupted = self { return true }
        return false
    }
}
