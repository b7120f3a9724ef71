/// What reaches a group's coordinator: joins, the creator's start, runners' reports, goodbyes,
/// and the passing of wall-clock time.
package enum GroupInput: Sendable, Equatable {
    /// A runner asks to join under `name`; `id` names it (at the edge, its key's fingerprint), and
    /// the join is already proven to come from the holder of that key and of the join code.
    case join(id: String, name: String)
    /// The creator starts the group now (Enter).
    case startNow
    /// A runner's own figures (already proven to come from that runner).
    case report(id: String, GroupReport)
    /// A runner says goodbye.
    case leave(id: String)
    /// A wall-clock second passed.
    case tick
}

/// What the coordinator must do, in order.
package enum GroupAction: Sendable, Equatable {
    /// Tell the runner it is in.
    case admit(id: String)
    /// Tell a runner asking to join why not.
    case refuseJoin(id: String, reason: String)
    /// Tell everyone the run starts in `inSeconds` wall seconds.
    case start(inSeconds: Double)
    /// Tell a runner it is out, and why; the others go on.
    case refuse(id: String, reason: String)
    /// Tell every runner to stop: the team reached its goal.
    case stopEveryone
    /// Publish the board (once a second, and when the phase changes).
    case publish(GroupBoard)
    /// The group is over; this board is the result. Nothing follows.
    case concluded(GroupBoard)
}

/// A group run's rules as a synchronous state machine, inputs in and actions out, in the style
/// of `MatePairRules`: no clock, no I/O, so every rule is tested exactly with a manual clock.
///
/// - Joining: while gathering, up to `maxRunners`, with a name `GroupName` accepts and no other
///   runner has; the same id joining again is admitted again, never twice.
/// - The start: when `startWhen` runners are in, or when the creator starts; everyone counts
///   down the same `countdownSeconds`.
/// - Reports are held to the agreed clock and a runner's speed (`MatePlausibility`) and to a
///   rate (`floodBurst` at once, `floodRate` a second after that); a runner that fails is
///   refused and never counted again, and nobody else is touched.
/// - A runner unheard for `silentAfter` seconds is marked vanished (and back when heard); one
///   who leaves is marked left. Neither is waited for.
/// - Team: the sum of counted distances reaching the goal stops everyone.
/// - The group is over when no runner is still ready or running, or when it has gathered with
///   nobody ready for `abandonedAfter` seconds (everyone left before the start, or nobody came):
///   a service would otherwise hold it for ever.
package struct GroupRaceRules: Sendable {
    package static let silentAfter = 15.0
    package static let abandonedAfter = 600.0
    package static let floodBurst = 20.0
    package static let floodRate = 5.0

    package let terms: GroupTerms
    package private(set) var phase: GroupBoard.Phase = .gathering
    private var runners: [GroupRunner] = []
    private var index: [String: Int] = [:]
    private var names: Set<String> = []
    private var lastHeard: [String: Double] = [:]
    private var lastSeq: [String: Int] = [:]
    private var tokens: [String: (count: Double, at: Double)] = [:]
    private var plausibility: [String: MatePlausibility] = [:]
    private var startsAt: Double?
    private var stoppedEveryone = false
    /// Since when the gathering group has had nobody ready (seen at a tick); nil while someone is.
    private var emptySince: Double?
    /// The sum of counted distances, kept as reports come (a team's goal is judged on it).
    private var teamMetres = 0.0

    package init(terms: GroupTerms) {
        self.terms = terms
    }

    /// Rules that go on from `state` at wall-clock second `now`, as the rules that wrote it
    /// would have: every runner heard now, its rate full, its speed judged onwards from its last
    /// figures.
    package init(terms: GroupTerms, resuming state: GroupRaceState, now: Double) {
        self.terms = terms
        phase = state.phase
        startsAt = state.startsAt
        stoppedEveryone = state.stoppedEveryone
        for runner in state.runners {
            let id = runner.line.id
            index[id] = runners.count
            names.insert(runner.line.name)
            runners.append(runner.line)
            lastHeard[id] = now
            tokens[id] = (Self.floodBurst, now)
            if runner.lastSeq > 0 { lastSeq[id] = runner.lastSeq }
            guard let startsAt, runner.line.status != .refused else { continue }
            teamMetres += runner.line.distanceMetres
            plausibility[id] = Self.judge(resuming: runner.line, startsAt: startsAt, terms: terms, now: now)
        }
    }

    /// What a resumption needs to go on exactly where these rules are.
    package var state: GroupRaceState {
        GroupRaceState(
            phase: phase, startsAt: startsAt, stoppedEveryone: stoppedEveryone,
            runners: runners.map { GroupRaceState.Runner(line: $0, lastSeq: lastSeq[$0.id, default: 0]) })
    }

    /// Whether the runner's report `seq` was the last one taken and the runner still counts:
    /// what its coordinator keeps as evidence of the runner's figures.
    package func took(seq: Int, from id: String) -> Bool {
        guard let position = index[id] else { return false }
        return lastSeq[id] == seq && runners[position].status != .refused
    }

    /// A runner's speed judge after a resumption: its last figures as the first claim it saw
    /// (none when they do not pass, which only a state the rules did not write can hold).
    private static func judge(resuming line: GroupRunner, startsAt: Double, terms: GroupTerms, now: Double) -> MatePlausibility {
        let fresh = MatePlausibility(startedAt: startsAt, speed: terms.speed, goalMetres: terms.mode == .race ? terms.goalMetres : nil)
        guard line.elapsedSeconds > 0 || line.distanceMetres > 0 else { return fresh }
        var seeded = fresh
        let last = MateProgress(
            seq: 1, elapsedSeconds: line.elapsedSeconds, movingSeconds: line.elapsedSeconds, distanceMetres: line.distanceMetres,
            caloriesKilocalories: 0, paused: false)
        return seeded.check(last, now: now) == nil ? seeded : fresh
    }

    package var board: GroupBoard { GroupBoard(phase: phase, terms: terms, runners: runners) }

    /// Takes in one input at wall-clock second `now` and says what to do.
    package mutating func handle(_ input: GroupInput, now: Double) -> [GroupAction] {
        guard phase != .over else { return [] }
        var actions: [GroupAction] = []
        let before = phase
        switch input {
        case .join(let id, let name): join(id: id, name: name, now: now, into: &actions)
        case .startNow: callStart(now: now, into: &actions)
        case .report(let id, let report): take(report, from: id, now: now, into: &actions)
        case .leave(let id): mark(id, .left)
        case .tick: markSilent(now: now)
        }
        if phase == .starting, let startsAt, now >= startsAt {
            phase = .running
            for position in runners.indices where runners[position].status == .ready {
                runners[position].status = .running
                lastHeard[runners[position].id] = now
            }
        }
        stopAtTeamGoal(into: &actions)
        if case .tick = input, isAbandoned(now: now) {
            phase = .over
            actions.append(.concluded(board))
            return actions
        }
        if phase == .running, input.mayEndTheGroup, !runners.isEmpty, runners.allSatisfy({ $0.status.isOut }) {
            phase = .over
            actions.append(.concluded(board))
            return actions
        }
        if case .tick = input {
            actions.append(.publish(board))
        } else if phase != before {
            actions.append(.publish(board))
        }
        return actions
    }

    private mutating func join(id: String, name: String, now: Double, into actions: inout [GroupAction]) {
        if let problem = GroupName.problem(name) {
            actions.append(.refuseJoin(id: id, reason: problem))
            return
        }
        // The same runner asking again (a join sent twice, or replayed) is the same runner, before
        // the start or after it: a replay of its join after the start must not bring it a refusal
        // while it still waits for its welcome.
        guard index[id] == nil else {
            actions.append(.admit(id: id))
            return
        }
        guard phase == .gathering else {
            actions.append(.refuseJoin(id: id, reason: "the group has already started"))
            return
        }
        guard !names.contains(name) else {
            actions.append(.refuseJoin(id: id, reason: "the name \(name) is taken in this group"))
            return
        }
        guard runners.count < terms.maxRunners else {
            actions.append(.refuseJoin(id: id, reason: "the group is full (\(terms.maxRunners) runners)"))
            return
        }
        index[id] = runners.count
        names.insert(name)
        runners.append(GroupRunner(id: id, name: name))
        lastHeard[id] = now
        tokens[id] = (Self.floodBurst, now)
        actions.append(.admit(id: id))
        if let startWhen = terms.startWhen, runners.count >= startWhen {
            callStart(now: now, into: &actions)
        }
    }

    private mutating func callStart(now: Double, into actions: inout [GroupAction]) {
        guard phase == .gathering, !runners.isEmpty else { return }
        phase = .starting
        let start = now + terms.countdownSeconds
        startsAt = start
        for runner in runners {
            plausibility[runner.id] = MatePlausibility(
                startedAt: start, speed: terms.speed, goalMetres: terms.mode == .race ? terms.goalMetres : nil)
        }
        actions.append(.start(inSeconds: terms.countdownSeconds))
    }

    private mutating func take(_ report: GroupReport, from id: String, now: Double, into actions: inout [GroupAction]) {
        guard let position = index[id], runners[position].status != .refused else { return }
        guard spendToken(id, now: now) else {
            refuse(position, reason: "too many messages", into: &actions)
            return
        }
        guard phase == .running || phase == .starting, report.seq > lastSeq[id, default: 0] else { return }
        lastSeq[id] = report.seq
        guard report.elapsedSeconds.isFinite, report.distanceMetres.isFinite, report.elapsedSeconds >= 0,
            report.distanceMetres >= 0
        else {
            refuse(position, reason: "figures that are not numbers", into: &actions)
            return
        }
        let progress = MateProgress(
            seq: report.seq, elapsedSeconds: report.elapsedSeconds, movingSeconds: report.elapsedSeconds,
            distanceMetres: report.distanceMetres, caloriesKilocalories: 0, paused: false)
        var judge = plausibility[id] ?? MatePlausibility(startedAt: startsAt ?? now, speed: terms.speed, goalMetres: nil)
        var verdict = judge.check(progress, now: now)
        if verdict == nil, report.finished {
            verdict = judge.check(
                MateFinish(reachedGoal: report.reachedGoal, elapsedSeconds: report.elapsedSeconds, distanceMetres: report.distanceMetres),
                now: now)
        }
        plausibility[id] = judge
        if let verdict {
            refuse(position, reason: verdict, into: &actions)
            return
        }
        lastHeard[id] = now
        teamMetres += report.distanceMetres - runners[position].distanceMetres
        runners[position].distanceMetres = report.distanceMetres
        runners[position].elapsedSeconds = report.elapsedSeconds
        if report.finished {
            runners[position].status = .finished
            runners[position].reachedGoal = report.reachedGoal && terms.mode == .race
        } else if runners[position].status == .vanished || runners[position].status == .ready {
            runners[position].status = .running
        }
    }

    /// Whether the runner may send one more message now (a token bucket).
    private mutating func spendToken(_ id: String, now: Double) -> Bool {
        var bucket = tokens[id] ?? (Self.floodBurst, now)
        bucket.count = min(Self.floodBurst, bucket.count + max(0, now - bucket.at) * Self.floodRate)
        bucket.at = now
        guard bucket.count >= 1 else {
            tokens[id] = bucket
            return false
        }
        bucket.count -= 1
        tokens[id] = bucket
        return true
    }

    private mutating func refuse(_ position: Int, reason: String, into actions: inout [GroupAction]) {
        runners[position].status = .refused
        runners[position].note = reason
        teamMetres -= runners[position].distanceMetres
        actions.append(.refuse(id: runners[position].id, reason: reason))
    }

    private mutating func mark(_ id: String, _ status: GroupRunnerStatus) {
        guard let position = index[id], runners[position].status != .refused, runners[position].status != .finished else { return }
        runners[position].status = status
    }

    /// Whether the group has gathered with nobody ready for `abandonedAfter` seconds.
    private mutating func isAbandoned(now: Double) -> Bool {
        guard phase == .gathering, !runners.contains(where: { $0.status == .ready }) else {
            emptySince = nil
            return false
        }
        let since = emptySince ?? now
        emptySince = since
        return now - since >= Self.abandonedAfter
    }

    private mutating func markSilent(now: Double) {
        guard phase == .running else { return }
        for position in runners.indices where runners[position].status == .running {
            if now - lastHeard[runners[position].id, default: now] >= Self.silentAfter {
                runners[position].status = .vanished
            }
        }
    }

    private mutating func stopAtTeamGoal(into actions: inout [GroupAction]) {
        guard terms.mode == .team, phase == .running, !stoppedEveryone, teamMetres >= terms.goalMetres else { return }
        stoppedEveryone = true
        actions.append(.stopEveryone)
    }
}

private extension GroupInput {
    /// Whether this input can take the last runner out (a finish, a goodbye, a refusal, silence).
    var mayEndTheGroup: Bool {
        switch self {
        case .join, .startNow: false
        case .report, .leave, .tick: true
        }
    }
}
