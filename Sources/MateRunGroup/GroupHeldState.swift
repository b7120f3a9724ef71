import MateRunCrypto
import MateRunDomain
import MateRunJSON
import MateRunNATS

/// A payload a runner signed, kept as evidence of what it said: the bytes and their `Sig`.
package struct GroupRunnerSigned: Sendable, Equatable {
    package var payload: [UInt8]
    package var signature: String

    package init(payload: [UInt8], signature: String) {
        self.payload = payload
        self.signature = signature
    }
}

/// A runner's own words behind its line: its signed join (its key, its name, the join code's
/// proof) and its last report taken (its figures).
package struct GroupRunnerEvidence: Sendable, Equatable {
    package var key: Ed25519PublicKey
    package var join: GroupRunnerSigned
    package var report: GroupRunnerSigned?

    package init(key: Ed25519PublicKey, join: GroupRunnerSigned, report: GroupRunnerSigned? = nil) {
        self.key = key
        self.join = join
        self.report = report
    }
}

/// A group as its coordinator holds it, in the form another instance checks before going on
/// (PROTOCOL.md section 11.10): the rules' state, each runner's signed words, and the last `seq`
/// the coordinator used. Every runner's id, name and figures are read from what the runner
/// signed, so that an instance taking a group over can change no accepted report: it can only
/// carry the coordinator's own decisions (the phase, the start, who is out), which the group's
/// key signs.
package struct GroupHeldState: Sendable, Equatable {
    package var race: GroupRaceState
    package var evidence: [String: GroupRunnerEvidence]
    package var seq: Int

    package init(race: GroupRaceState, evidence: [String: GroupRunnerEvidence], seq: Int) {
        self.race = race
        self.evidence = evidence
        self.seq = seq
    }

    /// The state as kept: the coordinator's decisions with each runner's signed join and report.
    package var encoded: [UInt8] {
        let runners: [JSON] = race.runners.map { runner in
            let evidence = evidence[runner.line.id]
            return .object([
                ("status", .string(runner.line.status.rawValue)), ("note", runner.line.note.map { .string($0) } ?? .null),
                ("reached", .bool(runner.line.reachedGoal)), ("last_seq", .integer(runner.lastSeq)),
                ("join", .string(Base64URL.encode(evidence?.join.payload ?? []))), ("join_sig", .string(evidence?.join.signature ?? "")),
                ("report", evidence?.report.map { .string(Base64URL.encode($0.payload)) } ?? .null),
                ("report_sig", evidence?.report.map { .string($0.signature) } ?? .null),
            ])
        }
        return GroupServiceWire.bytes(.object([
            ("seq", .integer(seq)), ("phase", .string(race.phase.rawValue)),
            ("starts_at", race.startsAt.map { .number(shortest: $0) } ?? .null), ("stopped", .bool(race.stoppedEveryone)),
            ("runners", .array(runners)),
        ]))
    }

    /// Reads a kept state of the group `watch`, checking every runner's words: its join signed by
    /// its key and proven by the join key, its report signed by it and no newer than the rules
    /// took, a finish only where it reported one. Nil when anything fails.
    package static func decoded(_ payload: [UInt8], watch: String, joinKey: Ed25519PublicKey, terms: GroupTerms) -> GroupHeldState? {
        guard let object = GroupServiceWire.object(payload), let seq = object["seq"].integerValue, seq >= 0,
            let phaseText = object["phase"].stringValue, let phase = GroupBoard.Phase(rawValue: phaseText),
            let stopped = try? object["stopped"].bool(), let items = try? object["runners"].array(), items.count <= terms.maxRunners
        else { return nil }
        let startsAt = object["starts_at"].numericValue
        guard object["starts_at"].isMissing || startsAt?.isFinite == true else { return nil }
        let subjects = GroupSubjects(code: watch)
        var runners: [GroupRaceState.Runner] = []
        var evidence: [String: GroupRunnerEvidence] = [:]
        for item in items {
            guard let read = runner(item, subjects: subjects, joinKey: joinKey), evidence[read.runner.line.id] == nil else { return nil }
            runners.append(read.runner)
            evidence[read.runner.line.id] = read.evidence
        }
        return GroupHeldState(
            race: GroupRaceState(phase: phase, startsAt: startsAt, stoppedEveryone: stopped, runners: runners), evidence: evidence, seq: seq)
    }

    private static func runner(
        _ item: JSONField, subjects: GroupSubjects, joinKey: Ed25519PublicKey
    ) -> (runner: GroupRaceState.Runner, evidence: GroupRunnerEvidence)? {
        guard let statusText = item["status"].stringValue, let status = GroupRunnerStatus(rawValue: statusText),
            let reached = try? item["reached"].bool(), let lastSeq = item["last_seq"].integerValue, lastSeq >= 0,
            let joinText = item["join"].stringValue, let joinPayload = Base64URL.decode(joinText),
            let joinSignature = item["join_sig"].stringValue, let join = GroupWire.joinRequest(joinPayload),
            let keyBytes = Base64URL.decode(join.key), let key = try? Ed25519PublicKey(rawBytes: keyBytes),
            let id = try? GroupCodes.fingerprint(of: key),
            GroupSignature.isValid(NATSHeaders([("Sig", joinSignature)]), subject: subjects.join, payload: joinPayload, key: key),
            let proof = Base64URL.decode(join.proof),
            GroupJoinKey.isValid(proof, publicKey: joinKey, watch: subjects.code, key: join.key, name: join.name)
        else { return nil }
        var line = GroupRunner(id: id, name: join.name, status: status, note: item["note"].stringValue)
        var evidence = GroupRunnerEvidence(key: key, join: GroupRunnerSigned(payload: joinPayload, signature: joinSignature))
        if !item["report"].isMissing {
            guard let reportText = item["report"].stringValue, let reportPayload = Base64URL.decode(reportText),
                let reportSignature = item["report_sig"].stringValue,
                GroupSignature.isValid(
                    NATSHeaders([("Sig", reportSignature)]), subject: subjects.report(id), payload: reportPayload, key: key),
                let read = GroupWire.runnerMessage(reportPayload), let report = read.report, report.seq <= lastSeq
            else { return nil }
            line.distanceMetres = report.distanceMetres
            line.elapsedSeconds = report.elapsedSeconds
            guard !reached || report.reachedGoal, status != .finished || report.finished else { return nil }
            line.reachedGoal = reached
            evidence.report = GroupRunnerSigned(payload: reportPayload, signature: reportSignature)
        } else if reached || status == .finished {
            return nil
        }
        return (GroupRaceState.Runner(line: line, lastSeq: lastSeq), evidence)
    }
}
