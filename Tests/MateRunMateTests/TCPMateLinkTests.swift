import Foundation
import MateRunDomain
import MateRunSocket
import MateRunTestSupport
import Testing
@testable import MateRunMate

/// Paired links over real loopback sockets: messages, heartbeats, goodbyes, and a connection
/// cut in the middle of a run by a relay.
@Suite(.timeLimit(.minutes(5)))
struct TCPMateLinkTests {
    let goodbye = MateGoodbye(reason: .finished, message: "test over")

    private func pairOver(_ timings: MateTimings, relayed: Bool = false) async throws -> (MatePairing, MatePairing, MateHost<TCPListener>, ByteRelay?) {
        let host = try MateHost(code: "482913", hostName: "Ben", terms: MateTerms(mode: .team, goalMetres: 5000), timings: timings)
        let relay = relayed ? try ByteRelay(toPort: host.endpoint.port) : nil
        let waiting = PendingHostPairing(host)
        let joiner = MateJoiner(endpoint: relay.map { TCPEndpoint(host: "127.0.0.1", port: $0.port) } ?? host.endpoint, code: "482913", name: "Ana", timings: timings)
        let (hosting, joined) = try await pair(joiner, with: waiting)
        return (hosting, joined, host, relay)
    }

    @Test func messagesFlowBothWaysAndHeartbeatsAreReportedAsAlive() async throws {
        let (hosting, joined, host, _) = try await pairOver(.fast(heartbeat: 0.1))
        await joined.link.send(progress(1, metres: 3.2))
        #expect(try await nextEvent(hosting.link) == .update(progress(1, metres: 3.2)))
        await hosting.link.send(.state(seq: 1, .paused))
        #expect(try await nextEvent(joined.link) == .update(.state(seq: 1, .paused)))
        #expect(try await eventsUntilAlive(joined.link).isEmpty)
        #expect(try await eventsUntilAlive(hosting.link).isEmpty)
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func aRepeatedSeqIsDroppedAsADuplicate() async throws {
        let (hosting, joined, host, _) = try await pairOver(.fast())
        await joined.link.send(progress(1))
        await joined.link.send(progress(1))
        await joined.link.send(progress(2))
        #expect(try await nextEvent(hosting.link) == .update(progress(1)))
        #expect(try await nextEvent(hosting.link) == .update(progress(2)))
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func aGoodbyeFromTheMateEndsTheLinkWithItsReason() async throws {
        let (hosting, joined, host, _) = try await pairOver(.fast())
        await joined.link.close(MateGoodbye(reason: .cancelled, message: "Ana quit"))
        #expect(try await nextEvent(hosting.link) == .lost(reason: .cancelled, detail: "Ana quit"))
        #expect(try await nextEvent(hosting.link) == nil)
        await host.close()
    }

    @Test func aDroppedConnectionIsRestoredAndWhatWasQueuedArrivesOnce() async throws {
        let (hosting, joined, host, relay) = try await pairOver(.fast(reconnectDelay: 0.3), relayed: true)
        let cuttable = try #require(relay)
        await joined.link.send(progress(1))
        await joined.link.send(progress(2))
        await hosting.link.send(progress(1, metres: 5))
        #expect(try await nextEvent(hosting.link) == .update(progress(1)))
        #expect(try await nextEvent(hosting.link) == .update(progress(2)))
        #expect(try await nextEvent(joined.link) == .update(progress(1, metres: 5)))

        cuttable.cut()
        guard case .interrupted? = try await nextEvent(joined.link) else { throw TestFailure("joiner not interrupted") }
        await joined.link.send(progress(3))
        await joined.link.send(.state(seq: 4, .paused))
        await joined.link.send(progress(5))
        guard case .interrupted? = try await nextEvent(hosting.link) else { throw TestFailure("host not interrupted") }
        await hosting.link.send(progress(2, metres: 9))

        #expect(try await nextEvent(hosting.link) == .restored)
        #expect(try await nextEvent(joined.link) == .restored)
        #expect(try await nextEvent(hosting.link) == .update(.state(seq: 4, .paused)))
        #expect(try await nextEvent(hosting.link) == .update(progress(5)))
        #expect(try await nextEvent(joined.link) == .update(progress(2, metres: 9)))
        await joined.link.send(progress(6))
        #expect(try await nextEvent(hosting.link) == .update(progress(6)))
        await joined.link.close(goodbye)
        await host.close()
        cuttable.close()
    }

    @Test func aHostGoneForGoodIsLostAfterTheBound() async throws {
        let (hosting, joined, host, relay) = try await pairOver(.fast(lostAfter: 0.6), relayed: true)
        let started = ContinuousClock.now
        try #require(relay).close()
        guard case .interrupted? = try await nextEvent(joined.link) else { throw TestFailure("joiner not interrupted") }
        let lost = try await nextEvent(joined.link, within: 120)
        #expect(lost == .lost(reason: .connectionLost, detail: "no connection to the mate for 0.6 s"))
        #expect(started.duration(to: .now) >= .milliseconds(600))
        #expect(try await nextEvent(joined.link) == nil)
        guard case .interrupted? = try await nextEvent(hosting.link) else { throw TestFailure("host not interrupted") }
        guard case .lost? = try await nextEvent(hosting.link, within: 120) else { throw TestFailure("host did not give up") }
        await host.close()
    }
}

/// A test step that did not see what it waited for.
struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
