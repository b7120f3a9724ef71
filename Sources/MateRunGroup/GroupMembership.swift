import MateRunDomain
import MateRunNATS

/// One runner's place in a group on a NATS server: joined with a name, it reports the runner's
/// figures and hears the start, its standing, the board, a stop and a refusal. The `GroupLink`
/// a group run's rules are carried out through.
package final class GroupMembership: GroupLink {
    package let id: String
    package let terms: GroupTerms
    package let subjects: GroupSubjects
    /// Events in order of arrival; a single reader.
    package let events: AsyncStream<GroupLinkEvent>
    private let key: String
    private let client: NATSClient
    private let listeners: [NATSSubscription]

    private init(
        welcome: GroupWire.Welcome, subjects: GroupSubjects, client: NATSClient, listeners: [NATSSubscription],
        events: AsyncStream<GroupLinkEvent>
    ) {
        id = welcome.id
        key = welcome.key
        terms = welcome.terms
        self.subjects = subjects
        self.client = client
        self.listeners = listeners
        self.events = events
    }

    /// Asks to join the group `code` as `name`. Throws `GroupRefused` with the coordinator's
    /// reason, or `NATSError` (`noResponders` when no group has this code).
    package static func join(client: NATSClient, code: String, name: String, timeout: Duration = .seconds(10)) async throws -> GroupMembership {
        let subjects = GroupSubjects(code: code)
        // Listen before asking, so that a start called by this very join is not missed.
        let control = try client.subscribe(subjects.control)
        let board = try client.subscribe(subjects.board)
        let answer: GroupWire.Welcome
        do {
            let reply = try await client.request(subjects.join, payload: GroupWire.joinRequest(name: name), timeout: timeout)
            guard let read = GroupWire.joinAnswer(reply.payload) else {
                throw GroupRefused(reason: "the group's answer could not be read")
            }
            answer = try read.get()
        } catch {
            control.unsubscribe()
            board.unsubscribe()
            throw error
        }
        let standing = try client.subscribe(subjects.standing(answer.id))
        let (events, sink) = AsyncStream.makeStream(of: GroupLinkEvent.self, bufferingPolicy: .bufferingNewest(256))
        let id = answer.id
        let membership = GroupMembership(
            welcome: answer, subjects: subjects, client: client, listeners: [control, board, standing], events: events)
        Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in control.messages {
                        switch GroupWire.control(message.payload) {
                        case .start(let seconds)?: sink.yield(.start(inSeconds: seconds))
                        case .stop?: sink.yield(.stop)
                        case .refused(let refusedID, let reason)? where refusedID == id: sink.yield(.refused(reason: reason))
                        default: continue
                        }
                    }
                }
                group.addTask {
                    for await message in standing.messages {
                        if let read = GroupWire.standing(message.payload) { sink.yield(.standing(read)) }
                    }
                }
                group.addTask {
                    for await message in board.messages {
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
        try? client.publish(subjects.report(id), payload: GroupWire.report(report, key: key))
    }

    /// Says goodbye and stops listening.
    package func leave() async {
        try? client.publish(subjects.report(id), payload: GroupWire.bye(key: key))
        try? await client.flush(timeout: .seconds(1))
        close()
    }

    /// Stops listening; `events` ends.
    package func close() {
        listeners.forEach { $0.unsubscribe() }
    }
}
