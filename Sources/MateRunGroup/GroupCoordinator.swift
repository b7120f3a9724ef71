import MateRunCrypto
import MateRunDomain
import MateRunNATS
import Synchronization

/// Runs a group on a NATS server: admits runners, calls the one start, judges every report
/// through `GroupRaceRules`, and publishes the board and each runner's standing once a second,
/// until the result.
///
/// Everything it publishes is signed with the group's own key, whose fingerprint is the watch
/// code; a join must prove the join code's secret and be signed by the runner's key, and every
/// report by the key its runner joined with. What fails is dropped and counted (`dropped`) at
/// the edge, in the readers, so the rules see only accepted messages. Joins and `board.now` are
/// rate-limited (`GroupLimits`); `board.now` is answered with the last board signed while it
/// has not changed. Accepted inputs reach the rules through one stream, in order,
/// so the rules need no lock. The coordinator dials out like every runner: the creator's machine
/// needs no open port.
///
/// A group service's instance runs one too (`GroupService`): with a key derived from the
/// service's secret, a starter's key whose signed `start` starts the group, a state handed to it
/// after every decision and every second (`keeping`) for another instance to resume from, and
/// `seq`s above any the group's earlier holder can have used.
package final class GroupCoordinator: Sendable {
    package let codes: GroupCodes
    package let subjects: GroupSubjects
    package let terms: GroupTerms
    /// Messages dropped: forged, altered, replayed, or over a limit.
    package let dropped = GroupDropCount()
    /// Runners' messages that reached the rules (joins, reports, goodbyes, starts).
    private let judgedCount = Atomic<Int>(0)
    private let signer: GroupSigner
    /// The public half of the join key: what a join's proof is checked with (S itself is never needed).
    private let joinKey: Ed25519PublicKey
    /// Whose signed `start` on the group's `start` subject starts it; nil when only `startNow()` does.
    private let starterKey: Ed25519PublicKey?
    private let resumed: GroupHeldState?
    private let keeping: (@Sendable (GroupHeldState) -> Void)?
    private let limits: GroupLimits
    private let client: NATSClient
    private let now: @Sendable () -> Double
    private let inputs: AsyncStream<Input>
    private let sink: AsyncStream<Input>.Continuation
    /// Admitted runners' keys by id: written by the rules' loop, read by the reports' reader.
    private let runnerKeys = Mutex<[String: Ed25519PublicKey]>([:])
    /// The last board signed, and its signed message: what `board.now` is answered with while
    /// nothing changes. Only the rules' loop uses it.
    private let lastBoard = Mutex<(board: GroupBoard, signed: (payload: [UInt8], headers: NATSHeaders))?>(nil)
    /// The `seq` of the coordinator's last message, on any subject.
    private let lastSeq = Atomic<Int>(0)
    /// Runners in the group now (admitted, not refused or gone), for a service's metrics.
    private let runnerCount = Atomic<Int>(0)
    /// A service instance's counts and timings; nil for a creator's own coordinator.
    private let observations: GroupServiceObservations?

    private enum Input: Sendable {
        case join(id: String, name: String, key: Ed25519PublicKey, replyTo: String, signed: GroupRunnerSigned)
        /// `arrived`: when the report was read, for the time until a standing counts it.
        case runner(id: String, GroupReport, signed: GroupRunnerSigned, arrived: ContinuousClock.Instant)
        case leave(id: String)
        case boardRequest(replyTo: String)
        case startNow
        case tick

        var isTick: Bool {
            if case .tick = self { true } else { false }
        }
    }

    /// A new group with a key of its own; `now` is wall-clock seconds (the rules' clock). Throws
    /// when OpenSSL cannot be used.
    package convenience init(
        client: NATSClient, terms: GroupTerms, limits: GroupLimits = GroupLimits(), now: @escaping @Sendable () -> Double
    ) throws(CryptoError) {
        let signer = try GroupSigner()
        let codes = try GroupCodes.new(for: signer.publicKey)
        self.init(
            client: client, signer: signer, codes: codes, joinKey: try GroupJoinKey(secret: codes.secret ?? "").publicKey, terms: terms,
            limits: limits, now: now)
    }

    /// A group whose key, codes and join key are given: a service's group, new (`resuming` nil)
    /// or taken over from its state. Its first message's `seq` is `firstSeq` + 1.
    package init(
        client: NATSClient, signer: GroupSigner, codes: GroupCodes, joinKey: Ed25519PublicKey, terms: GroupTerms,
        limits: GroupLimits = GroupLimits(), starterKey: Ed25519PublicKey? = nil, resuming: GroupHeldState? = nil, firstSeq: Int = 0,
        keeping: (@Sendable (GroupHeldState) -> Void)? = nil, observations: GroupServiceObservations? = nil,
        now: @escaping @Sendable () -> Double
    ) {
        self.client = client
        self.observations = observations
        self.signer = signer
        self.codes = codes
        self.joinKey = joinKey
        self.starterKey = starterKey
        resumed = resuming
        self.keeping = keeping
        subjects = GroupSubjects(code: codes.watch)
        self.terms = terms
        self.limits = limits
        self.now = now
        lastSeq.store(firstSeq, ordering: .relaxed)
        if let resuming {
            runnerKeys.withLock { keys in
                for (id, evidence) in resuming.evidence { keys[id] = evidence.key }
            }
        }
        (inputs, sink) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingNewest(100_000))
    }

    /// Subscribes to joins, reports and board requests; call before telling anyone the code.
    package func open() async throws(NATSError) -> GroupSession {
        let joins = try client.subscribe(subjects.join)
        let reports = try client.subscribe(subjects.reports)
        let boardRequests = try client.subscribe(subjects.boardNow)
        let starts = starterKey == nil ? nil : try client.subscribe(subjects.start)
        try await client.flush()
        return GroupSession(joins: joins, reports: reports, boardRequests: boardRequests, starts: starts)
    }

    /// The subscriptions an opened group listens on.
    package struct GroupSession: Sendable {
        fileprivate let joins: NATSSubscription
        fileprivate let reports: NATSSubscription
        fileprivate let boardRequests: NATSSubscription
        fileprivate let starts: NATSSubscription?

        fileprivate var all: [NATSSubscription] { [joins, reports, boardRequests] + (starts.map { [$0] } ?? []) }
    }

    /// The result board as it was signed and published, once the group is over: what
    /// `GroupResultStore` keeps.
    package var signedResult: GroupResultStore.SignedBoard? {
        lastBoard.withLock { last in
            guard let last, last.board.phase == .over else { return nil }
            return GroupResultStore.SignedBoard(payload: last.signed.payload, headers: last.signed.headers)
        }
    }

    /// Runners' messages judged by the rules so far.
    package var judged: Int { judgedCount.load(ordering: .relaxed) }

    /// Runners in the group now.
    package var runners: Int { runnerCount.load(ordering: .relaxed) }

    /// Drops a message at the edge, counted, and by why for a service's metrics.
    private func drop(_ why: GroupServiceObservations.Refusal) {
        dropped.add()
        observations?.refused(why)
    }

    /// Starts the group now (the creator pressed Enter); ignored once started.
    package func startNow() {
        sink.yield(.startNow)
    }

    /// Serves the group until its result, which it returns (nil when cancelled first).
    package func run(_ session: GroupSession) async -> GroupBoard? {
        let sink = sink
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.readJoins(session.joins, into: sink) }
            group.addTask { await self.readReports(session.reports, into: sink) }
            group.addTask { await self.readBoardRequests(session.boardRequests, into: sink) }
            if let starts = session.starts { group.addTask { await self.readStarts(starts, into: sink) } }
            group.addTask {
                let clock = ContinuousClock()
                var deadline = clock.now + .seconds(1)
                while !Task.isCancelled {
                    try? await clock.sleep(until: deadline)
                    sink.yield(.tick)
                    deadline = max(deadline + .seconds(1), clock.now)
                }
            }
            let result = await serve()
            group.cancelAll()
            session.all.forEach { $0.unsubscribe() }
            return result
        }
    }

    // MARK: The edge: what is let in

    /// Joins within the rate, proven and signed, go on to the rules; one that does not read or
    /// does not check is answered with the reason (bound to its runner only when its signature
    /// shows whose it is).
    private func readJoins(_ joins: NATSSubscription, into sink: AsyncStream<Input>.Continuation) async {
        var rate = limits.joins
        for await message in joins.messages {
            guard let replyTo = message.replyTo, rate.allows(now: now()) else {
                drop(.overRate)
                continue
            }
            switch check(join: message) {
            case .success(let join):
                let signed = GroupRunnerSigned(payload: message.payload, signature: message.headers?["Sig"] ?? "")
                sink.yield(.join(id: join.id, name: join.name, key: join.key, replyTo: replyTo, signed: signed))
            case .failure(let refusal):
                drop(refusal.why)
                answer(replyTo, refusal: refusal.reason, id: refusal.id)
            }
        }
    }

    private struct CheckedJoin {
        let id: String
        let name: String
        let key: Ed25519PublicKey
    }

    private struct JoinRefusal: Error {
        let why: GroupServiceObservations.Refusal
        let reason: String
        /// The runner whose own signature the refused join carries; nil when it has none.
        let id: String?
    }

    private func check(join message: NATSMessage) -> Result<CheckedJoin, JoinRefusal> {
        guard let request = GroupWire.joinRequest(message.payload) else {
            return .failure(JoinRefusal(why: .unreadable, reason: "the join could not be read (PROTOCOL.md section 11.4)", id: nil))
        }
        guard let keyBytes = Base64URL.decode(request.key), let key = try? Ed25519PublicKey(rawBytes: keyBytes),
            let id = try? GroupCodes.fingerprint(of: key)
        else {
            return .failure(JoinRefusal(why: .unreadable, reason: "the join's key is not an Ed25519 public key in base64url", id: nil))
        }
        guard GroupSignature.isValid(message.headers, subject: message.subject, payload: message.payload, key: key) else {
            return .failure(JoinRefusal(why: .badSignature, reason: "the join is not signed by the key it carries", id: nil))
        }
        guard let proof = Base64URL.decode(request.proof),
            GroupJoinKey.isValid(proof, publicKey: joinKey, watch: codes.watch, key: request.key, name: request.name)
        else {
            return .failure(JoinRefusal(why: .wrongCode, reason: "the join code is wrong (its proof does not check)", id: id))
        }
        return .success(CheckedJoin(id: id, name: request.name, key: key))
    }

    /// Reports signed by their runner's key and newer than its last go on to the rules.
    private func readReports(_ reports: NATSSubscription, into sink: AsyncStream<Input>.Continuation) async {
        let prefix = subjects.reports.dropLast()
        var lastSeq: [String: Int] = [:]
        for runner in resumed?.race.runners ?? [] { lastSeq[runner.line.id] = runner.lastSeq }
        for await message in reports.messages {
            let arrived = ContinuousClock.now
            let id = message.subject.hasPrefix(prefix) ? String(message.subject.dropFirst(prefix.count)) : ""
            guard let key = runnerKeys.withLock({ $0[id] }) else {
                drop(.unknownRunner)
                continue
            }
            guard GroupSignature.isValid(message.headers, subject: message.subject, payload: message.payload, key: key) else {
                drop(.badSignature)
                continue
            }
            guard let read = GroupWire.runnerMessage(message.payload) else {
                drop(.unreadable)
                continue
            }
            guard read.seq > lastSeq[id, default: 0] else {
                drop(.replayed)
                continue
            }
            lastSeq[id] = read.seq
            let signed = GroupRunnerSigned(payload: message.payload, signature: message.headers?["Sig"] ?? "")
            sink.yield(read.report.map { .runner(id: id, $0, signed: signed, arrived: arrived) } ?? .leave(id: id))
        }
    }

    /// `board.now` requests within the rate go on to the rules' loop, which answers them.
    private func readBoardRequests(_ requests: NATSSubscription, into sink: AsyncStream<Input>.Continuation) async {
        var rate = limits.boardAnswers
        for await message in requests.messages {
            guard let replyTo = message.replyTo, rate.allows(now: now()) else {
                drop(.overRate)
                continue
            }
            sink.yield(.boardRequest(replyTo: replyTo))
        }
    }

    /// A start signed by the starter's key goes on to the rules (which ignore it once started).
    private func readStarts(_ starts: NATSSubscription, into sink: AsyncStream<Input>.Continuation) async {
        guard let starterKey else { return }
        for await message in starts.messages {
            guard GroupSignature.isValid(message.headers, subject: message.subject, payload: message.payload, key: starterKey) else {
                drop(.badSignature)
                continue
            }
            sink.yield(.startNow)
        }
    }

    // MARK: The rules' loop

    private func serve() async -> GroupBoard? {
        var rules = resumed.map { GroupRaceRules(terms: terms, resuming: $0.race, now: now()) } ?? GroupRaceRules(terms: terms)
        var evidence = resumed?.evidence ?? [:]
        var pendingJoins: [String: (key: Ed25519PublicKey, replyTo: String, signed: GroupRunnerSigned)] = [:]
        var lastKept = resumed
        /// When each report judged since the last standings was read.
        var awaitingStanding: [ContinuousClock.Instant] = []
        if let resumed, resumed.race.phase != .gathering {
            await publish(rules.board)
            if resumed.race.phase == .over { return rules.board }
        }
        for await input in inputs {
            if Task.isCancelled { return nil }
            if !input.isTick { judgedCount.add(1, ordering: .relaxed) }
            let actions: [GroupAction]
            switch input {
            case .join(let id, let name, let key, let replyTo, let signed):
                pendingJoins[id] = (key, replyTo, signed)
                actions = rules.handle(.join(id: id, name: name), now: now())
            case .runner(let id, let report, let signed, let arrived):
                actions = rules.handle(.report(id: id, report), now: now())
                if rules.took(seq: report.seq, from: id) { evidence[id]?.report = signed }
                if let observations {
                    observations.judgedReport()
                    awaitingStanding.append(arrived)
                }
            case .leave(let id):
                actions = rules.handle(.leave(id: id), now: now())
            case .boardRequest(let replyTo):
                answer(replyTo, board: rules.board)
                continue
            case .startNow:
                actions = rules.handle(.startNow, now: now())
            case .tick:
                actions = rules.handle(.tick, now: now())
            }
            let result = await carryOut(actions, pendingJoins: &pendingJoins, evidence: &evidence)
            runnerCount.store(rules.state.runners.count, ordering: .relaxed)
            if let observations, actions.contains(where: \.publishesStandings) {
                let published = ContinuousClock.now
                observations.standingsPublished(waits: awaitingStanding.map { ($0.duration(to: published)).seconds })
                awaitingStanding.removeAll(keepingCapacity: true)
            }
            if let keeping, input.isTick || actions.contains(where: \.changesWhoIsIn) {
                let state = GroupHeldState(race: rules.state, evidence: evidence, seq: lastSeq.load(ordering: .relaxed))
                // A quiet second (a group gathering, nobody joining) writes nothing.
                if lastKept.map({ $0.race != state.race || $0.evidence != state.evidence }) ?? true {
                    keeping(state)
                    lastKept = state
                }
            }
            if let result {
                try? await client.flush(timeout: .seconds(2))
                return result
            }
        }
        return nil
    }

    /// Publishes what the rules decided; the result when they concluded.
    private func carryOut(
        _ actions: [GroupAction], pendingJoins: inout [String: (key: Ed25519PublicKey, replyTo: String, signed: GroupRunnerSigned)],
        evidence: inout [String: GroupRunnerEvidence]
    ) async -> GroupBoard? {
        for action in actions {
            switch action {
            case .admit(let id):
                guard let pending = pendingJoins.removeValue(forKey: id) else { continue }
                runnerKeys.withLock { $0[id] = pending.key }
                if evidence[id] == nil { evidence[id] = GroupRunnerEvidence(key: pending.key, join: pending.signed) }
                signAndPublish(pending.replyTo) { GroupWire.welcome(.init(id: id, terms: terms), seq: $0) }
            case .refuseJoin(let id, let reason):
                guard let pending = pendingJoins.removeValue(forKey: id) else { continue }
                answer(pending.replyTo, refusal: reason, id: id)
            case .start(let seconds):
                signAndPublish(subjects.control) { GroupWire.control(.start(inSeconds: seconds), seq: $0) }
            case .refuse(let id, let reason):
                signAndPublish(subjects.control) { GroupWire.control(.refused(id: id, reason: reason), seq: $0) }
            case .stopEveryone:
                signAndPublish(subjects.control) { GroupWire.control(.stop, seq: $0) }
            case .publish(let board):
                await publish(board)
            case .concluded(let board):
                await publish(board)
                return board
            }
        }
        return nil
    }

    /// The board for everyone, and each runner's own standing. A big group's standings are
    /// written in slices with a yield between them, so that reading the runners' reports (and
    /// everything else on the two-thread pool) is never held up for the whole second's batch.
    private func publish(_ board: GroupBoard) async {
        if let signed = signedBoard(board) {
            try? client.publish(subjects.board, payload: signed.payload, headers: signed.headers)
        }
        let counted = board.runners.count { $0.status != .refused }
        for index in board.runners.indices {
            if index % 250 == 249 { await Task.yield() }
            let standing = GroupStanding(board: board, at: index, counted: counted)
            signAndPublish(subjects.standing(board.runners[index].id)) { GroupWire.standing(standing, seq: $0) }
        }
    }

    /// The board as it stands for a spectator who just arrived: the last one signed when nothing
    /// changed since, so a burst of requests costs one signature.
    private func answer(_ replyTo: String, board: GroupBoard) {
        let signed = lastBoard.withLock { $0 }.flatMap { $0.board == board ? $0.signed : nil } ?? signedBoard(board)
        guard let signed else { return }
        try? client.publish(replyTo, payload: signed.payload, headers: signed.headers)
    }

    /// The board signed for the `board` subject (a `board.now` answer is one too, byte for byte),
    /// kept as the last one signed.
    private func signedBoard(_ board: GroupBoard) -> (payload: [UInt8], headers: NATSHeaders)? {
        guard let signed = sign(subjects.board, { GroupWire.board(board, seq: $0) }) else { return nil }
        lastBoard.withLock { $0 = (board, signed) }
        return signed
    }

    private func answer(_ replyTo: String, refusal reason: String, id: String?) {
        signAndPublish(replyTo) { GroupWire.refusal(reason, id: id, seq: $0) }
    }

    private func signAndPublish(_ subject: String, _ payload: (Int) -> [UInt8]) {
        guard let signed = sign(subject, payload) else { return }
        try? client.publish(subject, payload: signed.payload, headers: signed.headers)
    }

    /// The payload with the next `seq`, and the headers that sign it for `subject`.
    private func sign(_ subject: String, _ payload: (Int) -> [UInt8]) -> (payload: [UInt8], headers: NATSHeaders)? {
        let bytes = payload(lastSeq.add(1, ordering: .relaxed).newValue)
        guard let headers = try? signer.headers(subject: subject, payload: bytes, withKey: true) else { return nil }
        return (bytes, headers)
    }
}

private extension GroupAction {
    /// Whether the action changes who is in the group or where it stands (a board alone does not).
    var changesWhoIsIn: Bool {
        if case .publish = self { false } else { true }
    }

    /// Whether carrying it out publishes the board and every runner's standing.
    var publishesStandings: Bool {
        switch self {
        case .publish, .concluded: true
        default: false
        }
    }
}
