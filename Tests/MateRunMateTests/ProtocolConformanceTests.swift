import Foundation
import MateRunDomain
import MateRunTestSupport
import Testing
@testable import MateRunMate
@testable import MateRunSocket

/// Replays PROTOCOL.md's first example (section 9, a 1 km race) against the real roles: its
/// handshake frame by frame against a `MateHost` and against a `MateJoiner`, and its finish against
/// the race rules, so that the document a stranger implements from is the protocol we speak.
@Suite("PROTOCOL.md's example session, replayed against both roles")
struct ProtocolConformanceTests {
    /// The example's frames, in order, with `>` (joiner to host) or `<` (host to joiner).
    static let race: [(fromJoiner: Bool, frame: String)] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PROTOCOL.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard let section = text.range(of: "## 9. Example") else { return [] }
        let example = text[section.upperBound...].components(separatedBy: "```")
        guard example.count > 1 else { return [] }
        return example[1].split(separator: "\n")
            .filter { $0.hasPrefix("> {") || $0.hasPrefix("< {") }
            .map { (fromJoiner: $0.hasPrefix(">"), frame: String($0.dropFirst(2))) }
    }()

    /// The handshake: every frame up to and including `start`.
    static var handshake: [(fromJoiner: Bool, frame: String)] {
        guard let start = race.firstIndex(where: { $0.frame.hasPrefix(#"{"type":"start""#) }) else { return [] }
        return Array(race[...start])
    }

    static let terms = MateTerms(mode: .race, goalMetres: 1000, speed: nil)

    /// A frame with its session id replaced by the example's (the host draws its own at random).
    private func withExampleSession(_ frame: String) -> String {
        frame.replacingOccurrences(of: #""session_id":"[0-9a-f]+""#, with: #""session_id":"7f3a9c1e""#, options: .regularExpression)
    }

    @Test func theExampleIsARaceWithAHandshakeAndAFinish() {
        #expect(Self.handshake.count == 11)
        #expect(Self.race.contains { $0.frame.contains(#""state":"finished""#) })
    }

    @Test func theExampleHandshakeAgainstARealHost() async throws {
        // Given Ben hosting the example's race with its code
        let host = try MateHost(code: "482913", hostName: "Ben", terms: Self.terms, timings: .fast())
        let waiting = PendingHostPairing(host)
        // When a client sends the example's joiner frames, byte for byte
        let ana = try await TCPConnection.connect(to: host.endpoint, timeout: .seconds(20), options: SocketMateChannel.options(idleTimeout: .seconds(120)))
        for (fromJoiner, frame) in Self.handshake {
            if fromJoiner {
                try await ana.send(Array((frame + "\n").utf8))
            } else {
                // Then the host answers with the example's frames (its own session id)
                let received = try #require(try await nextFrame(ana))
                #expect(withExampleSession(received) == frame)
            }
        }
        // And the host is paired with Ana on the example's terms
        let paired = try await waiting.value(within: 120)
        #expect(paired.mateName == "Ana")
        #expect(paired.terms == Self.terms)
        await paired.link.close(MateGoodbye(reason: .cancelled, message: "test over"))
        await host.close()
    }

    @Test func theExampleHandshakeAgainstARealJoiner() async throws {
        // Given a listener playing Ben from the example's host frames
        let listener = try TCPListener()
        let joiner = MateJoiner(endpoint: listener.localEndpoint, code: "482913", name: "Ana", timings: .fast())
        let joining = Task { try await joiner.pair() }
        let ben = try await withTimeout { try await listener.accept(options: SocketMateChannel.options(idleTimeout: .seconds(120))) }
        for (fromJoiner, frame) in Self.handshake {
            if fromJoiner {
                // Then the joiner sends the example's frames, byte for byte
                #expect(try await nextFrame(ben) == frame)
            } else {
                try await ben.send(Array((frame + "\n").utf8))
            }
        }
        // And it is paired with Ben on the example's terms
        let paired = try await withTimeout { try await joining.value }
        #expect(paired.mateName == "Ben")
        #expect(paired.terms == Self.terms)
        await paired.link.close(MateGoodbye(reason: .cancelled, message: "test over"))
        ben.close()
    }

    @Test func theExampleFinishFollowsTheLoserRule() throws {
        // Given Ana's rules in the example's race, with Ben's progress as the example shows it
        var ana = MatePairRules(role: .joiner, ownName: "Ana", mateName: "Ben", terms: Self.terms, now: 0)
        let updates = try Self.race.filter { !$0.fromJoiner }.compactMap { entry -> MateUpdate? in
            switch try MateWireCodec.decode(Array(entry.frame.utf8)) {
            case .progress(let progress): .progress(progress)
            case .state(let seq, let state): .state(seq: seq, state)
            default: nil
            }
        }
        var stopped = false
        for update in updates {
            stopped = ana.handle(.link(.update(update)), now: 1).contains(.stopOwnRun(.endedByMate)) || stopped
        }
        // When Ana's own run reaches 302 s at 968.2 m, as her example progress says
        #expect(!stopped, "Ana's run time (0 s) is short of Ben's finish (301.4 s)")
        let atThreeOhTwo = RunSnapshot(elapsedSeconds: 302, movingSeconds: 290, distanceMetres: 968.2)
        #expect(ana.handle(.own(.progress(atThreeOhTwo)), now: 2).contains(.stopOwnRun(.endedByMate)))
        // Then her run ends there and she sends the example's finish (but for the seq the example skips to)
        let end = ana.handle(.own(.finished(RunSummary(snapshot: atThreeOhTwo, splits: [], ending: .endedByMate))), now: 2)
        let finish = try #require(Self.race.last { $0.fromJoiner && $0.frame.contains(#""state":"finished""#) })
        guard case .state(_, let expected) = try MateWireCodec.decode(Array(finish.frame.utf8)) else {
            Issue.record("the example's last joiner state is not a state")
            return
        }
        #expect(end.contains { if case .send(.state(_, expected)) = $0 { true } else { false } })
        let summary = end.lazy.compactMap { if case .publish(.finished(let summary)) = $0 { summary } else { nil } }.first
        #expect(summary?.result == .lost)
        #expect(summary?.winner == .host)
        #expect(end.contains(.close(MateGoodbye(reason: .finished, message: "Ben won"))))
    }
}
