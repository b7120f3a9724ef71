import Foundation
import MateRunDomain
@testable import MateRunMate
@testable import MateRunSocket
import MateRunTestSupport
import Testing

/// Peers that break the rules, against a real host on loopback: each case checks that the host
/// answers with the protocol's reason and keeps serving. (Garbage, oversize and silent clients,
/// wrong codes, a second joiner and the code budget have their own tests in `MatePairingTests`,
/// `TCPTransportTests` and `PairingRulesTests`.)
@Suite(.timeLimit(.minutes(5)))
struct HostilePeerTests {
    let terms = MateTerms(mode: .race, goalMetres: 1000)
    let goodbye = MateGoodbye(reason: .finished, message: "test over")
    static let options = TCPConnectionOptions(idleTimeout: .seconds(120), maxFrameBytes: MateProtocol.maxFrameBytes)

    /// A host whose handshake and silence bounds are far beyond a loaded machine's stalls: the
    /// hand-written joiner answers no ping once paired, and a host that lost it after 5 s of
    /// silence, or closed a handshake after 10 s, failed these tests whenever a stress run's build
    /// held the test process that long (the bounds themselves have their own tests).
    private func host() throws -> MateHost<TCPListener> {
        try MateHost(code: "482913", hostName: "Ben", terms: terms, timings: .fast(lostAfter: 120))
    }

    @Test func twoHundredIdleConnectionsDoNotKeepARealJoinerOut() async throws {
        // Given a host with 200 connections open that say nothing
        let host = try host()
        let waiting = PendingHostPairing(host)
        var idle: [TCPConnection] = []
        for _ in 0..<200 {
            idle.append(try await withTimeout { try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(20), options: Self.options) })
        }
        // When a real joiner comes
        let (_, joined) = try await pair(MateJoiner(endpoint: host.endpoint, code: "482913", name: "Ana", timings: .fast()), with: waiting, within: 60)
        // Then it pairs, each idle connection its own business
        #expect(joined.mateName == "Ben")
        idle.forEach { $0.close() }
        await joined.link.close(goodbye)
        await host.close()
    }

    @Test func aHelloInTheMiddleOfAPairedRunIsUnexpected() async throws {
        // Given a host paired with a joiner that speaks the protocol by hand
        let host = try host()
        let waiting = PendingHostPairing(host)
        let joiner = try await HandJoiner.pair(with: host.endpoint, code: "482913")
        let hosting = try await waiting.value()
        // When the joiner says hello again, mid-run
        try await joiner.send(#"{"type":"hello","version":1,"name":"Again","code":"482913"}"#)
        // Then the host says it makes no sense now, and its link reports the mate gone for that
        let bye = try #require(try await joiner.nextFrame(where: { $0.contains(#""type":"bye""#) }))
        #expect(bye.contains(#""reason":"unexpected""#))
        #expect(bye.contains("sent hello after pairing"))
        let lost = try await nextEvent(hosting.link)
        guard case .lost(let reason, _)? = lost else { Issue.record("not lost: \(String(describing: lost))"); return }
        #expect(reason == .unexpected)
        await host.close()
    }

    @Test(arguments: [
        (#""elapsed_s":10000001"#, #"progress: field \"elapsed_s\" must be a finite number in 0.0...10000000.0"#),
        (#""elapsed_s":-1"#, #"progress: field \"elapsed_s\" must be a finite number"#),
        (#""elapsed_s":1e999"#, #"progress: field \"elapsed_s\" must be a finite number"#),
        (#""elapsed_s":"1""#, #"progress: field \"elapsed_s\" must be a number"#),
    ] as [(String, String)])
    func aNumberBeyondItsBoundMidRunClosesWithBadFrame(field: String, complaint: String) async throws {
        // Given a paired host and a hand-written joiner
        let host = try host()
        let waiting = PendingHostPairing(host)
        let joiner = try await HandJoiner.pair(with: host.endpoint, code: "482913")
        let hosting = try await waiting.value()
        // When the joiner sends a progress with one number out of bounds
        try await joiner.send(#"{"type":"progress","seq":1,"# + field + #","moving_s":0,"distance_m":0,"kcal":0,"paused":false}"#)
        // Then the host refuses the frame, naming the field, and the run's link ends
        let bye = try #require(try await joiner.nextFrame(where: { $0.contains(#""type":"bye""#) }))
        #expect(bye.contains(#""reason":"bad_frame""#))
        #expect(bye.contains(complaint), "\(bye)")
        guard case .lost(let reason, _)? = try await nextEvent(hosting.link) else { Issue.record("link not lost"); return }
        #expect(reason == .badFrame)
        await host.close()
    }

    @Test func aStolenSessionIdWithTheWrongCodeIsRefusedAndThePairRunsOn() async throws {
        // Given a paired run and its session id, known to an attacker
        let host = try host()
        let waiting = PendingHostPairing(host)
        let joiner = try await HandJoiner.pair(with: host.endpoint, code: "482913")
        let hosting = try await waiting.value()
        // When the attacker resumes that session with a wrong code
        let thief = try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(20), options: Self.options)
        let hello = #"{"type":"hello","version":1,"name":"Eve","code":"000000","session_id":""# + joiner.sessionID + #"","last_received_seq":0}"#
        try await thief.send(Array((hello + "\n").utf8))
        // Then it is refused as an unknown session (a resume tells nothing of the code), and the real joiner's updates still arrive
        let refused = try #require(try await nextFrame(thief))
        #expect(refused.contains(#""reason":"unknown_session""#))
        try await joiner.send(#"{"type":"progress","seq":1,"elapsed_s":1,"moving_s":1,"distance_m":3,"kcal":0,"paused":false}"#)
        #expect(try await nextEvent(hosting.link) == .update(progress(1, metres: 3)))
        await host.close()
    }
}

/// A joiner written from PROTOCOL.md's frames by hand, over a bare connection: it pairs, then
/// sends whatever a test tells it to.
struct HandJoiner {
    let connection: TCPConnection
    let sessionID: String
    private let frames: FrameQueue

    static func pair(with endpoint: TCPEndpoint, code: String) async throws -> HandJoiner {
        let connection = try await TCPConnection.connect(to: endpoint, timeout: .seconds(20), options: HostilePeerTests.options)
        let frames = FrameQueue(connection)
        let joiner = HandJoiner(connection: connection, sessionID: "", frames: frames)
        try await joiner.send(#"{"type":"hello","version":1,"name":"Ana","code":""# + code + #""}"#)
        let welcome = try #require(try await frames.next(where: { $0.contains(#""type":"welcome""#) }))
        let session = try #require(welcome.range(of: #""session_id":""#).map { welcome[$0.upperBound...].prefix(16) })
        _ = try await frames.next(where: { $0.contains(#""type":"terms""#) })
        try await joiner.send(#"{"type":"accept"}"#)
        while let frame = try await frames.next(where: { _ in true }), !frame.contains(#""type":"start""#) {
            if frame.contains(#""type":"ping""#), let id = frame.split(separator: ":").last?.dropLast() {
                try await joiner.send(#"{"type":"pong","id":"# + id + "}")
            }
        }
        return HandJoiner(connection: connection, sessionID: String(session), frames: frames)
    }

    func send(_ frame: String) async throws {
        try await connection.send(Array((frame + "\n").utf8))
    }

    /// The next frame from the host that satisfies `condition`, skipping others; nil at the end.
    func nextFrame(where condition: @escaping @Sendable (String) -> Bool) async throws -> String? {
        try await frames.next(where: condition)
    }
}

/// The frames of one connection as text, read by one consumer at a time.
final class FrameQueue: @unchecked Sendable {
    private var iterator: TCPFrames.AsyncIterator

    init(_ connection: TCPConnection) {
        iterator = connection.frames.makeAsyncIterator()
    }

    func next(where condition: @escaping @Sendable (String) -> Bool) async throws -> String? {
        // The tests' generous bound (as `nextFrame(_:within:)`): 5 s failed under a load build.
        try await withTimeout(120) { [self] in
            while let frame = try await self.iterator.next() {
                let text = String(decoding: frame, as: UTF8.self)
                if condition(text) { return text }
            }
            return nil
        }
    }
}
