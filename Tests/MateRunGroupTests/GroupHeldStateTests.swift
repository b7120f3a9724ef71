import MateRunCrypto
import MateRunDomain
@testable import MateRunGroup
import MateRunNATS
import Testing

/// What one service instance keeps of a group and another checks before going on with it: the
/// coordinator's decisions, and every runner's own signed words, which no instance can alter.
@Suite struct GroupHeldStateTests {
    private let terms = GroupTerms(mode: .race, goalMetres: 1000, speed: 1, startWhen: 2, maxRunners: 10)
    private let group = try! GroupServiceKey.signer(secret: Array(repeating: 7, count: 32), nonce: "n1")
    private var watch: String { try! GroupCodes.fingerprint(of: group.publicKey) }
    private let joinKey = try! GroupJoinKey(secret: "abcdefghijkl")

    /// A runner of seed `seed` named `name`: its signed join, and its signed report `report`.
    private func runner(_ seed: UInt8, _ name: String, report: GroupReport?, joinKey: GroupJoinKey? = nil) throws
        -> (line: GroupRunner, evidence: GroupRunnerEvidence)
    {
        let signer = try GroupSigner(seed: Array(repeating: seed, count: 32))
        let id = try GroupCodes.fingerprint(of: signer.publicKey)
        let subjects = GroupSubjects(code: watch)
        let proof = try (joinKey ?? self.joinKey).proof(watch: watch, key: signer.publicKeyText, name: name)
        let join = GroupWire.joinRequest(.init(name: name, key: signer.publicKeyText, proof: Base64URL.encode(proof)))
        var evidence = GroupRunnerEvidence(
            key: signer.publicKey,
            join: GroupRunnerSigned(payload: join, signature: try signer.headers(subject: subjects.join, payload: join, withKey: false)["Sig"]!))
        var line = GroupRunner(id: id, name: name, status: .running)
        if let report {
            let payload = GroupWire.report(report)
            evidence.report = GroupRunnerSigned(
                payload: payload, signature: try signer.headers(subject: subjects.report(id), payload: payload, withKey: false)["Sig"]!)
            line.distanceMetres = report.distanceMetres
            line.elapsedSeconds = report.elapsedSeconds
            if report.finished {
                line.status = .finished
                line.reachedGoal = report.reachedGoal
            }
        }
        return (line, evidence)
    }

    private func state(_ runners: [(line: GroupRunner, evidence: GroupRunnerEvidence)], lastSeq: Int = 5) -> GroupHeldState {
        GroupHeldState(
            race: GroupRaceState(
                phase: .running, startsAt: 1_000, stoppedEveryone: false,
                runners: runners.map { GroupRaceState.Runner(line: $0.line, lastSeq: lastSeq) }),
            evidence: Dictionary(uniqueKeysWithValues: runners.map { ($0.line.id, $0.evidence) }), seq: 1_234)
    }

    private func decoded(_ state: GroupHeldState) -> GroupHeldState? {
        GroupHeldState.decoded(state.encoded, watch: watch, joinKey: joinKey.publicKey, terms: terms)
    }

    @Test func aStateReadsBackAsItWasKept() throws {
        let kept = state([
            try runner(1, "Ann", report: GroupReport(seq: 5, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true)),
            try runner(2, "Bo", report: GroupReport(seq: 4, elapsedSeconds: 200, distanceMetres: 600)),
            try runner(3, "Cy", report: nil),
        ])
        #expect(decoded(kept) == kept)
    }

    @Test func aReportWhoseFiguresWereAlteredIsRefused() throws {
        var bo = try runner(2, "Bo", report: GroupReport(seq: 4, elapsedSeconds: 200, distanceMetres: 600))
        let text = String(decoding: bo.evidence.report!.payload, as: UTF8.self).replacingOccurrences(of: "600", with: "900")
        bo.evidence.report!.payload = Array(text.utf8)
        #expect(decoded(state([bo])) == nil)
    }

    @Test func aRunnerTheJoinCodeDidNotAdmitIsRefused() throws {
        let stranger = try runner(4, "Eve", report: nil, joinKey: GroupJoinKey(secret: "zzzzzzzzzzzz"))
        #expect(decoded(state([stranger])) == nil)
    }

    @Test func aFinishOrAGoalTheRunnerNeverReportedIsRefused() throws {
        var bo = try runner(2, "Bo", report: GroupReport(seq: 4, elapsedSeconds: 200, distanceMetres: 600))
        bo.line.status = .finished
        #expect(decoded(state([bo])) == nil)
        var cy = try runner(3, "Cy", report: GroupReport(seq: 4, elapsedSeconds: 200, distanceMetres: 600))
        cy.line.reachedGoal = true
        #expect(decoded(state([cy])) == nil)
    }

    @Test func aReportNewerThanTheRulesTookIsRefused() throws {
        let bo = try runner(2, "Bo", report: GroupReport(seq: 9, elapsedSeconds: 200, distanceMetres: 600))
        #expect(decoded(state([bo], lastSeq: 5)) == nil)
    }

    @Test func anEnvelopeOpensOnlyForTheGroupsKeyAndUnaltered() throws {
        let context = GroupServiceNames.stateContext(watch)
        let sealed = try GroupServiceWire.envelope(Array("{}".utf8), context: context, signer: group)
        #expect(GroupServiceWire.opened(sealed, context: context, watch: watch) == Array("{}".utf8))
        #expect(GroupServiceWire.opened(sealed, context: GroupServiceNames.recordContext(watch), watch: watch) == nil)
        let other = try GroupSigner(seed: Array(repeating: 9, count: 32))
        let forged = try GroupServiceWire.envelope(Array("{}".utf8), context: context, signer: other)
        #expect(GroupServiceWire.opened(forged, context: context, watch: watch) == nil)
        let altered = String(decoding: sealed, as: UTF8.self).replacingOccurrences(of: "\"value\":\"e30\"", with: "\"value\":\"e319\"")
        #expect(GroupServiceWire.opened(Array(altered.utf8), context: context, watch: watch) == nil)
    }

    @Test func everyInstanceWithTheSecretDerivesTheSameGroupKeyAndNoOtherSecretDoes() throws {
        let again = try GroupServiceKey.signer(secret: Array(repeating: 7, count: 32), nonce: "n1")
        #expect(again.publicKeyText == group.publicKeyText)
        #expect(try GroupServiceKey.signer(secret: Array(repeating: 8, count: 32), nonce: "n1").publicKeyText != group.publicKeyText)
        #expect(try GroupServiceKey.signer(secret: Array(repeating: 7, count: 32), nonce: "n2").publicKeyText != group.publicKeyText)
    }

    @Test func aRecordReadsBackAndTermsOutsideWhatCreateAcceptsAreRefused() throws {
        let record = GroupServiceWire.Record(nonce: "n1", terms: terms, joinKey: "j", starterKey: "s")
        #expect(GroupServiceWire.record(GroupServiceWire.record(record)) == record)
        for bad in [#""goal_m":-1"#, #""max_runners":0"#, #""max_runners":10001"#, #""start_when":11"#, #""speed":"fast""#] {
            var text = String(decoding: GroupServiceWire.record(record), as: UTF8.self)
            let field = String(bad.prefix { $0 != ":" })
            let range = try #require(text.range(of: field + ":"))
            let end = text[range.upperBound...].firstIndex { $0 == "," || $0 == "}" }!
            text.replaceSubrange(range.lowerBound..<end, with: bad)
            #expect(GroupServiceWire.record(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
