import MateRunCrypto
import MateRunDomain
import MateRunNATS
import Synchronization

/// One runner's place in a group on a NATS server: joined with a name and a key of its own, it
/// reports the runner's figures, signed, and hears the start, its standing, the board, a stop
/// and a refusal, each checked against the coordinator's key (the watch code is its
/// fingerprint). The `GroupLink` a group run's rules are carried out through.
package final class GroupMembership: GroupLink {
    package let id: String
    package let terms: GroupTerms
    package let subjects: GroupSubjects
    /// Events in order of arrival; a single reader.
    package let events: AsyncStream<GroupLinkEvent>
    /// Messages dropped: not the coordinator's, altered, or replayed.
    package let dropped: GroupDropCount
    private let signer: GroupSigner
    private let client: NATSClient
    private let listeners: [NATSSubscription]
    /// The `seq` of this runner's last message (a goodbye follows it).
    private let lastSeq = Mutex(0)

    private init(
        id: String, terms: GroupTerms, signer: GroupSigner, subjects: GroupSubjects, client: NATSClient,
        listeners: [NATSSubscription], events: AsyncStream<GroupLinkEvent>, dropped: GroupDropCount
    ) {
        self.id = id
        self.terms = terms
        self.signer = signer
        self.subjects = subjects
        self.client = client
        self.listeners = listeners
        self.events = events
        self.dropped = dropped
    }

    /// Asks to join the group of the join code `code` as `name`, sending the join again every
    /// 2 s until it is answered (a coordinator under a flood of joins drops some) or `timeout`.
    /// Throws `GroupRefused` with the coordinator's reason, `NATSError` (`noResponders` when no
    /// group has this code, `timedOut`), or `CryptoError` without OpenSSL.
    package static func join(client: NATSClient, code: GroupCodes, name: String, timeout: Duration = .seconds(10)) async throws
        -> GroupMembership
    {
        guard let secret = code.secret else { throw GroupRefused(reason: "a watch code cannot join: give the join code") }
        let signer = try GroupSigner()
        let id = try GroupCodes.fingerprint(of: signer.publicKey)
        let subjects = GroupSubjects(code: code.watch)
        let proof = try GroupJoinKey(secret: secret).proof(watch: code.watch, key: signer.publicKeyText, name: name)
        let payload = GroupWire.joinRequest(.init(name: name, key: signer.publicKeyText, proof: Base64URL.encode(proof)))
        let headers = try signer.headers(subject: subjects.join, payload: payload, withKey: false)
        let dropped = GroupDropCount()
        // Listen before asking, so that a start called by this very join is not missed: the id
        // is the key's fingerprint, known before the join.
        let control = try client.subscribe(subjects.control)
        let board = try client.subscribe(subjects.board)
        let standing = try client.subscribe(subjects.standing(id))
        let listeners = [control, board, standing]
        let terms: GroupTerms
        do {
            var check = GroupCoordinatorCheck(watch: code.watch, dropped: dropped)
            terms = try await GroupAsking.ask(
                client: client, subject: subjects.join, payload: payload, headers: headers, timeout: timeout,
                resendEvery: .seconds(2)
            ) { message in
                guard check.accepts(message), let answer = GroupWire.joinAnswer(message.payload, id: id) else { return nil }
                return try answer.get().terms
            }
        } catch {
            listeners.forEach { $0.unsubscribe() }
            throw error
        }
        let (events, sink) = AsyncStream.makeStream(of: GroupLinkEvent.self, bufferingPolicy: .bufferingNewest(256))
        let membership = GroupMembership(
            id: id, terms: terms, signer: signer, subjects: subjects, client: client, listeners: listeners, events: events,
            dropped: dropped)
        let watch = code.watch
        Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    var check = GroupCoordinatorCheck(watch: watch, dropped: dropped)
                    for await message in control.messages where check.accepts(message) {
                        switch GroupWire.control(message.payload) {
                        case .start(let seconds)?: sink.yield(.start(inSeconds: seconds))
                        case .stop?: sink.yield(.stop)
                        case .refused(let refusedID, let reason)? where refusedID == id: sink.yield(.refused(reason: reason))
                        default: continue
                        }
                    }
                }
                group.addTask {
                    var check = GroupCoordinatorCheck(watch: watch, dropped: dropped)
                    for await message in standing.messages where check.accepts(message) {
                        if let read = GroupWire.standing(message.payload) { sink.yield(.standing(read)) }
                    }
                }
                group.addTask {
                    var check = GroupCoordinatorCheck(watch: watch, dropped: dropped)
                    for await message in board.messages where check.accepts(message) {
                        if let read = GroupWire.board(message.payload) { sink.yield(.board(read)) }
                    }
                }
            }
            sink.finish()
        }
        return membership
    }

    /// Sends the runner's figures (at most once a second is what the group expects).
    package func report(_ report: GroupReport) {
        lastSeq.withLock { $0 = max($0, report.seq) }
        send(GroupWire.report(report))
    }

    /// Says goodbye and stops listening.
    package func leave() async {
        send(GroupWire.bye(seq: lastSeq.withLock { seq in
            seq += 1
            return seq
        }))
        try? await client.flush(timeout: .seconds(1))
        close()
    }

    /// Stops listening; `events` ends.
    package func close() {
        listeners.forEach { $0.unsubscribe() }
    }

    private func send(_ payload: [UInt8]) {
        let subject = subjects.report(id)
        guard let headers = try? signer.headers(subject: subject, payload: payload, withKey: false) else { return }
        try? client.publish(subject, payload: payload, headers: headers)
    }
}
