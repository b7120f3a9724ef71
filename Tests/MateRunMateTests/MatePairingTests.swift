import MateRunTestSupport
import Foundation
import MateRunDomain
import Testing
@testable import MateRunMate
@testable import MateRunSocket

/// Host and joiner over real loopback sockets: the handshake, and every refusal the host makes
/// while it keeps waiting for the right mate.
@Suite(.timeLimit(.minutes(5)))
struct MatePairingTests {
    let terms = MateTerms(mode: .race, goalMetres: 1000, speed: 2)
    let goodbye = MateGoodbye(reason: .finished, message: "test over")

    private func host(code: String = "482913", timings: MateTimings = .fast()) throws -> MateHost<TCPListener> {
        try MateHost(code: code, hostName: "Ben", terms: terms, timings: timings)
    }

    @Test func hostAndJoinerAgreeOnTermsAndStart() async throws {
        // Given a host and a joiner on a clock that stands still through the handshake, so that
        // what is compared is the handshake's arithmetic, not when each side's task was scheduled
        // (a loaded machine ran one side's last steps 0.6 s after the other's)
        var timings = MateTimings.fast()
        timings.clock = MateClock(now: { .seconds(1_000) }, sleep: { try await Task.sleep(for: $0) })
        let host = try host(timings: timings)
        let waiting = PendingHostPairing(host)
        // When they pair
        let (hosting, joined) = try await pair(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Ana", timings: timings), with: waiting)
        // Then each knows the other and the terms, and both count down the host's countdown to
        // the same instant
        #expect(hosting.role == .host)
        #expect(joined.role == .joiner)
        #expect(hosting.mateName == "Ana")
        #expect(joined.mateName == "Ben")
        #expect(hosting.terms == terms)
        #expect(joined.terms == terms)
        #expect(hosting.secondsUntilStart == MateProtocol.startCountdown)
        #expect(joined.secondsUntilStart == hosting.secondsUntilStart)
        await joined.link.close(goodbye)
        await hosting.link.close(goodbye)
        await host.close()
    }

    @Test func aWrongCodeIsRefusedAndTheHostKeepsWaiting() async throws {
        let host = try host()
        let waiting = PendingHostPairing(host)
        let error = try #require(try await pairingError(MateJoiner(endpoint: host.endpoint, code: "000000", name: "Eve", timings: .fast())))
        #expect(error.reason == .wrongCode)
        #expect(error.description == "the host at \(host.endpoint) refused the pairing code 000000 (wrong_code): wrong pairing code")
        let (hosting, joined) = try await pair(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Ana", timings: .fast()), with: waiting)
        #expect(hosting.mateName == "Ana")
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func repeatedWrongCodesAreThrottled() async throws {
        let host = try host()
        let waiting = PendingHostPairing(host)
        for _ in 1...MateProtocol.wrongCodesBeforeThrottle {
            let error = try #require(try await pairingError(MateJoiner(endpoint: host.endpoint, code: "111111", name: "Eve", timings: .fast())))
            #expect(error.reason == .wrongCode)
        }
        let error = try #require(try await pairingError(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Eve", timings: .fast())))
        #expect(error.reason == .throttled)
        #expect(error.description.contains("too many wrong codes from your address; retry in "))
        guard case .refused(let refusal, _, _) = error else { throw error }
        // Up to the 5 s period, less the time a loaded machine took between the two hellos
        #expect(refusal.retryAfterMilliseconds.map { (1...5000).contains($0) } == true)
        waiting.task.cancel()
        await host.close()
    }

    @Test func aSecondJoinerWhilePairedIsToldTheHostIsBusy() async throws {
        let host = try host()
        let waiting = PendingHostPairing(host)
        let (hosting, joined) = try await pair(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Ana", timings: .fast()), with: waiting)
        let error = try #require(try await pairingError(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Cy", timings: .fast())))
        #expect(error.reason == .busy)
        #expect(error.description.contains("Ben is already running with a mate"))
        await joined.link.send(progress(1))
        #expect(try await nextEvent(hosting.link) == .update(progress(1)))
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func aGarbageClientIsClosedWhileTheHostStillPairs() async throws {
        // Given a waiting host, and a client that sends a line that is not JSON
        let host = try host()
        let waiting = PendingHostPairing(host)
        let options = TCPConnectionOptions(idleTimeout: .seconds(30), maxFrameBytes: MateProtocol.maxFrameBytes)
        let garbage = try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(20), options: options)
        try await garbage.send(Array("not json\n".utf8))
        // When the host reads it
        let toGarbage = try #require(try await nextFrame(garbage))
        // Then the client is told it sent a bad frame, and a real joiner still pairs
        #expect(toGarbage.hasPrefix(#"{"type":"bye","reason":"bad_frame","#))
        let (_, joined) = try await pair(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Ana", timings: .fast()), with: waiting)
        #expect(joined.mateName == "Ben")
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func aSilentClientIsClosedWhenTheHandshakeTimesOut() async throws {
        // Given a host whose handshake must come within a second, and a client that says nothing
        let host = try host(timings: .fast(handshake: 1))
        let waiting = PendingHostPairing(host)
        let options = TCPConnectionOptions(idleTimeout: .seconds(30), maxFrameBytes: MateProtocol.maxFrameBytes)
        let silent = try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(20), options: options)
        // When the second passes
        let toSilent = try #require(try await nextFrame(silent))
        // Then the host says why it closes the connection
        #expect(toSilent.hasPrefix(#"{"type":"bye","reason":"timeout","#))
        await host.close()
        _ = try? await waiting.value()
    }

    @Test func anotherProtocolVersionIsRefused() async throws {
        let host = try host()
        let waiting = PendingHostPairing(host)
        let client = try await SocketMateChannel.connect(to: host.endpoint, timeout: .seconds(20))
        try await client.send(.hello(MateHello(version: 2, name: "Zed", code: "482913")))
        let answer = try await nextMessage(client)
        #expect(answer == .refused(MateRefusal(reason: .version, message: "this host speaks protocol version 1")))
        waiting.task.cancel()
        await host.close()
    }

    @Test func aJoinerCannotReachAClosedPort() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let port = refusing.port
        let joiner = MateJoiner(endpoint: TCPEndpoint(host: "127.0.0.1", port: port), code: "1", name: "Ana", timings: .fast())
        await #expect(throws: SocketError.self) { try await withTimeout { try await joiner.pair() } }
    }
}
