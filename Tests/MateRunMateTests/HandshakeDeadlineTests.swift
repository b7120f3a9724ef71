import MateRunDomain
import MateRunTestSupport
import Testing
@testable import MateRunMate
@testable import MateRunSocket

/// A handshake's deadline counts from the connection's start on both sides: frames of any kind
/// (junk, pings, heartbeats) never keep an unpaired connection open.
@Suite struct HandshakeDeadlineTests {
    @Test func aJoinerFacingAHostThatOnlyPingsGivesUpAtTheDeadlineSayingWhy() async throws {
        // Given a "host" that welcomes, offers terms, then pings every 0.3 s and never sends start
        let listener = try TCPListener()
        var timings = MateTimings.fast(handshake: 1.5)
        timings.connectTimeout = .seconds(5)
        let joiner = MateJoiner(endpoint: listener.localEndpoint, code: "482913", name: "Ana", timings: timings)
        let joining = Task { try await joiner.pair() }
        let fake = try await withTimeout { try await listener.accept(options: SocketMateChannel.options(idleTimeout: .seconds(30))) }
        // The fake host's own steps may fail when a loaded machine stalls past the joiner's
        // deadline first; the joiner must end with the timeout either way.
        _ = try? await nextFrame(fake)
        try? await fake.send(Array(#"{"type":"welcome","session_id":"s1","name":"Ben","resumed":false}"#.utf8) + [0x0A])
        try? await fake.send(Array(#"{"type":"terms","mode":"race","goal_m":1000,"speed":null}"#.utf8) + [0x0A])
        let pinger = Task {
            for id in 1... {
                try? await fake.send(Array(#"{"type":"ping","id":\#(id)}"#.utf8) + [0x0A])
                try? await Task.sleep(for: .milliseconds(300))
                if Task.isCancelled { return }
            }
        }
        defer { pinger.cancel() }
        // When the joiner answers the pings and waits for its start, Then it ends with a timeout
        // at the deadline, whatever the host kept sending
        // (from the pairing, or from the channel when a stall let the deadline strike mid-step)
        let error = await #expect(throws: (any Error).self) { try await withTimeout(120) { try await joining.value } }
        let said = error.map { "\($0)" } ?? ""
        #expect(said.contains("did not get through within 1.5 s of connecting"), "\(said)")
    }

    @Test func junkEveryFractionOfASecondNeverKeepsAConnectionWithoutHelloOpen() async throws {
        // Given a host allowing 1.5 s for a handshake
        let host = try MateHost(code: "482913", hostName: "Ben", terms: MateTerms(mode: .race, goalMetres: 1000),
                                timings: .fast(handshake: 1.5))
        let waiting = PendingHostPairing(host)
        let options = TCPConnectionOptions(idleTimeout: .seconds(30), maxFrameBytes: MateProtocol.maxFrameBytes)
        let stranger = try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(5), options: options)
        // When it sends an unknown frame or a heartbeat every 0.2 s and never a hello
        let sender = Task {
            for index in 0... {
                let frame = index % 2 == 0 ? #"{"type":"zzz"}"# : #"{"type":"heartbeat"}"#
                try? await stranger.send(Array((frame + "\n").utf8))
                try? await Task.sleep(for: .milliseconds(200))
                if Task.isCancelled { return }
            }
        }
        defer { sender.cancel() }
        // Then the host closes it with a timeout at the deadline
        let bye = try #require(try await nextFrame(stranger, within: 120))
        #expect(bye.hasPrefix(#"{"type":"bye","reason":"timeout","#), "\(bye)")
        #expect(bye.contains("did not get through within 1.5 s of connecting"))
        waiting.task.cancel()
        await host.close()
    }
}
