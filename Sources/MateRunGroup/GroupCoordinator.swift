import MateRunDomain
import MateRunNATS

/// Runs a group on a NATS server: admits runners, calls the one start, judges every report
/// through `GroupRaceRules`, and publishes the board and each runner's standing once a second,
/// until the result.
///
/// Everything reaches the rules through one stream, in order, so the rules need no lock. The
/// coordinator dials out like every runner: the creator's machine needs no open port.
package final class GroupCoordinator: Sendable {
    package let subjects: GroupSubjects
    package let terms: GroupTerms
    private let client: NATSClient
    private let now: @Sendable () -> Double
    private let inputs: AsyncStream<Input>
    private let sink: AsyncStream<Input>.Continuation

    private enum Input: Sendable {
        case join(name: String, replyTo: String)
        case runner(id: String, payload: [UInt8])
        case boardRequest(replyTo: String)
        case startNow
        case tick
    }

    /// `now` is wall-clock seconds (the rules' clock).
    package init(client: NATSClient, code: String, terms: GroupTerms, now: @escaping @Sendable () -> Double) {
        self.client = client
        subjects = GroupSubjects(code: code)
        self.terms = terms
        self.now = now
        (inputs, sink) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingNewest(100_000))
    }

    /// Subscribes to joins, reports and board requests; call before telling anyone the code.
    package func open() async throws(NATSError) -> GroupSession {
        let joins = try client.subscribe(subjects.join)
        let reports = try client.subscribe(subjects.reports)
        let boardRequests = try client.subscribe(subjects.boardNow)
        try await client.flush()
        return GroupSession(joins: joins, reports: reports, boardRequests: boardRequests)
    }

    /// The subscriptions an opened group listens on.
    package struct GroupSession: Sendable {
        fileprivate let joins: NATSSubscription
        fileprivate let reports: NATSSubscription
        fileprivate let boardRequests: NATSSubscription
    }

    /// Starts the group now (the creator pressed Enter); ignored once started.
    package func startNow() {
        sink.yield(.startNow)
    }

    /// Serves the group until its result, which it returns (nil when cancelled first).
    package func run(_ session: GroupSession) async -> GroupBoard? {
        let sink = sink
        let prefix = subjects.reports.dropLast()
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in session.joins.messages {
                    guard let replyTo = message.replyTo, let name = GroupWire.joinName(message.payload) else { continue }
                    sink.yield(.join(name: name, replyTo: replyTo))
                }
            }
            group.addTask {
                for await message in session.reports.messages where message.subject.hasPrefix(prefix) {
                    sink.yield(.runner(id: String(message.subject.dropFirst(prefix.count)), payload: message.payload))
                }
            }
            group.addTask {
                for await message in session.boardRequests.messages {
                    guard let replyTo = message.replyTo else { continue }
                    sink.yield(.boardRequest(replyTo: replyTo))
                }
            }
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
            session.joins.unsubscribe()
            session.reports.unsubscribe()
            session.boardRequests.unsubscribe()
            return result
        }
    }

    private func serve() async -> GroupBoard? {
        var rules = GroupRaceRules(terms: terms)
        var keys: [String: String] = [:]
        var pendingJoins: [String: String] = [:]
        for await input in inputs {
            if Task.isCancelled { return nil }
            let actions: [GroupAction]
            switch input {
            case .join(let name, let replyTo):
                let id = NATSClient.randomToken(length: 8).lowercased()
                pendingJoins[id] = replyTo
                keys[id] = NATSClient.randomToken()
                actions = rules.handle(.join(id: id, name: name), now: now())
            case .runner(let id, let payload):
                guard let key = keys[id], let message = GroupWire.runnerMessage(payload), message.key == key else { continue }
                if let report = message.report {
                    actions = rules.handle(.report(id: id, report), now: now())
                } else {
                    actions = rules.handle(.leave(id: id), now: now())
                }
            case .boardRequest(let replyTo):
                try? client.publish(replyTo, payload: GroupWire.board(rules.board))
                continue
            case .startNow:
                actions = rules.handle(.startNow, now: now())
            case .tick:
                actions = rules.handle(.tick, now: now())
            }
            if let result = await carryOut(actions, keys: &keys, pendingJoins: &pendingJoins) {
                try? await client.flush(timeout: .seconds(2))
                return result
            }
        }
        return nil
    }

    /// Publishes what the rules decided; the result when they concluded.
    private func carryOut(
        _ actions: [GroupAction], keys: inout [String: String], pendingJoins: inout [String: String]
    ) async -> GroupBoard? {
        for action in actions {
            switch action {
            case .admit(let id):
                guard let replyTo = pendingJoins.removeValue(forKey: id), let key = keys[id] else { continue }
                try? client.publish(replyTo, payload: GroupWire.welcome(.init(id: id, key: key, terms: terms)))
            case .refuseJoin(let id, let reason):
                keys[id] = nil
                guard let replyTo = pendingJoins.removeValue(forKey: id) else { continue }
                try? client.publish(replyTo, payload: GroupWire.refusal(reason))
            case .start(let seconds):
                try? client.publish(subjects.control, payload: GroupWire.control(.start(inSeconds: seconds)))
            case .refuse(let id, let reason):
                try? client.publish(subjects.control, payload: GroupWire.control(.refused(id: id, reason: reason)))
            case .stopEveryone:
                try? client.publish(subjects.control, payload: GroupWire.control(.stop))
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
        try? client.publish(subjects.board, payload: GroupWire.board(board))
        let counted = board.runners.count { $0.status != .refused }
        for index in board.runners.indices {
            if index % 250 == 249 { await Task.yield() }
            let standing = GroupStanding(board: board, at: index, counted: counted)
            try? client.publish(subjects.standing(board.runners[index].id), payload: GroupWire.standing(standing))
        }
    }
}
