/// The race and team rules of a paired run, as a synchronous state machine: inputs (own run
/// events, link events, the passing of wall-clock time) in, actions out.
///
/// It holds no clock and does no I/O, so every rule is tested exactly; the app's run engine
/// feeds it and carries out what it decides.
///
/// - Race: the own run has the race goal. When the mate's `state finished` says it reached the
///   goal at run time T while the own run goes on, the own run is stopped (`.endedByMate`) once
///   its own run time reaches T: the race is decided by run time, not by which machine replays
///   faster, so two honest sides agree at every speed, `max` included. The winner comes from both
///   finishes (`RaceVerdict`).
/// - Team: the own run has no goal of its own. The first side to see its distance plus the mate's
///   newest reach the shared goal stops its run (`.goalReached`); the other stops on receiving
///   that `state finished` (`.endedByMate`). Shares come from the two exchanged finishes.
/// - After the own run ends, the rules wait for the mate's finish as long as the mate is heard
///   from: they conclude when it arrives, when the mate cancels or is lost, or after
///   `MatePresence.silentAfter` seconds without news (counted from the own finish at the
///   earliest). Without the mate's finish nobody wins: the result is `mateCancelled` or
///   `mateLost`, with the reason, in a race as in a team run.
/// - Every claim of the mate is held to the agreed clock and to a runner's speed
///   (`MatePlausibility`). A mate whose figures fail is out: it cannot stop the own run nor win,
///   its figures stop counting toward a team goal, and it is told why (`bye` `implausible`); the
///   own run goes on solo and ends `mateImplausible`. A side told so ends `disqualified`. A team
///   `finished` claiming the goal must show the team's distance: the mate's final distance and
///   the own must reach it.
package struct MatePairRules: Sendable {
    /// Wall-clock seconds between two `progress` frames at least: a replay as fast as the machine
    /// allows publishes tens of thousands of snapshots a second, which the mate need not parse
    /// (each is a complete snapshot, so the latest is all it needs) and which its rate limit
    /// would take for a flood. A snapshot held back goes out with the next input after the
    /// interval, and before any state change, so nothing is lost but intermediate figures.
    package static let progressInterval = 0.001

    package let role: MateRole
    package let terms: MateTerms
    package let ownName: String
    package let mateName: String
    package private(set) var mate: MateTracker
    package private(set) var isOver = false

    private var outgoing = OutgoingMessages()
    private var own = RunSnapshot()
    private var ownSummary: RunSummary?
    private var ownFinishedAt = 0.0
    private var stopRequested = false
    /// The race mate's finishing run time, once it reached the goal: the own run stops there.
    private var stopAtRunTime: Double?
    /// When the last `progress` was sent, and the newest snapshot held back since.
    private var progressSentAt = -Double.infinity
    private var heldProgress: RunSnapshot?
    private var shownView: MateView?
    private var plausibility: MatePlausibility

    /// Rules for `role`'s side, with the mate doing `mateSport` (what its claims are held to).
    package init(
        role: MateRole, ownName: String, mateName: String, terms: MateTerms, mateSport: Sport = .running, now: Double
    ) {
        self.role = role
        self.ownName = ownName
        self.mateName = mateName
        self.terms = terms
        mate = MateTracker(now: now)
        plausibility = MatePlausibility(
            startedAt: now, speed: terms.speed, goalMetres: terms.mode == .race ? terms.goalMetres : nil, sport: mateSport)
    }

    /// The goal to build the own run with (`MateTerms.ownGoalMetres`).
    package var ownGoalMetres: Double? { terms.ownGoalMetres }

    /// Takes in one input at wall-clock time `now` and says what to do, in order.
    package mutating func handle(_ input: MatePairInput, now: Double) -> [MatePairAction] {
        guard !isOver else { return [] }
        var actions: [MatePairAction] = []
        switch input {
        case .own(let event): take(event, now: now, into: &actions)
        case .link(let event): take(event, now: now, into: &actions)
        case .tick: break
        }
        if now - progressSentAt >= Self.progressInterval { sendHeldProgress(now: now, into: &actions) }
        guard !isOver else { return actions }
        mate.refresh(now: now)
        stopAtTeamGoal(into: &actions)
        stopAtMatesFinish(into: &actions)
        let view = mateView(now: now)
        if view != shownView {
            shownView = view
            actions.append(.publish(.mate(view)))
        }
        if let ownSummary, mateIsSettled(now: now) {
            conclude(ownSummary, into: &actions)
        }
        return actions
    }

    // MARK: - Own run

    private mutating func take(_ event: RunEvent, now: Double, into actions: inout [MatePairAction]) {
        switch event {
        case .progress(let snapshot):
            own = snapshot
            heldProgress = snapshot
        case .kept, .split, .lap:
            break
        case .gpsLost(let snapshot), .gpsFound(let snapshot):
            own = snapshot
        case .paused(let snapshot, _):
            own = snapshot
            sendHeldProgress(now: now, into: &actions)
            actions.append(.send(outgoing.state(.paused)))
        case .resumed(let snapshot, _):
            own = snapshot
            sendHeldProgress(now: now, into: &actions)
            actions.append(.send(outgoing.state(.resumed)))
        case .finished(let summary):
            own = summary.snapshot
            ownSummary = summary
            ownFinishedAt = now
            sendHeldProgress(now: now, into: &actions)
            if summary.wasCancelled {
                cancel(summary, into: &actions)
            } else {
                actions.append(.send(outgoing.state(.finished(summary.finish))))
            }
            return
        }
        actions.append(.publish(.run(event)))
    }

    /// Sends the snapshot held back, if any (see `progressInterval`).
    private mutating func sendHeldProgress(now: Double, into actions: inout [MatePairAction]) {
        guard let snapshot = heldProgress else { return }
        heldProgress = nil
        progressSentAt = now
        actions.append(.send(outgoing.progress(snapshot)))
    }

    private mutating func cancel(_ summary: RunSummary, into actions: inout [MatePairAction]) {
        actions.append(.send(outgoing.state(.cancelled)))
        actions.append(.close(MateGoodbye(reason: .cancelled, message: "\(ownName) stopped the run")))
        actions.append(.publish(.finished(PairedRunSummary(
            terms: terms, own: summary, mate: mateFigures, result: .cancelled, winner: nil,
            ownSharePercent: share(of: summary)))))
        isOver = true
    }

    // MARK: - Link

    private mutating func take(_ event: MateLinkEvent, now: Double, into actions: inout [MatePairAction]) {
        switch event {
        case .update(let update):
            mate.heard(at: now)
            take(update, now: now, into: &actions)
        case .alive:
            mate.heard(at: now)
        case .interrupted:
            mate.interrupted()
        case .restored:
            mate.restored(at: now)
        case .lost(let reason, let detail):
            mate.left(reason, detail: detail)
        }
    }

    private mutating func take(_ update: MateUpdate, now: Double, into actions: inout [MatePairAction]) {
        guard mate.implausible == nil else { return }
        switch update {
        case .progress(let progress):
            guard mate.isNew(progress.seq) else { return }
            if let verdict = plausibility.check(progress, now: now) {
                disqualify(verdict, seq: progress.seq, into: &actions)
            } else {
                _ = mate.receive(progress)
            }
        case .state(let seq, let state):
            guard mate.isNew(seq) else { return }
            if case .finished(let finish) = state,
               let verdict = plausibility.check(finish, now: now) ?? teamFinishProblem(finish) {
                disqualify(verdict, seq: seq, into: &actions)
                return
            }
            guard mate.receive(seq: seq, state), case .finished(let finish) = state, finish.reachedGoal else { return }
            switch terms.mode {
            case .race:
                stopAtRunTime = finish.elapsedSeconds
            case .team:
                guard ownSummary == nil, !stopRequested else { return }
                stopRequested = true
                actions.append(.stopOwnRun(.endedByMate))
            }
        }
    }

    /// Why a team `finished` claiming the goal cannot be true: the mate's distance and the own
    /// fall short of the team's goal. Nil when it can.
    private func teamFinishProblem(_ finish: MateFinish) -> String? {
        guard terms.mode == .team, finish.reachedGoal,
              !TeamShare.reachesGoal(own: own.distanceMetres, mate: finish.distanceMetres,
                                     goalMetres: terms.goalMetres - TeamShare.goalTolerance)
        else { return nil }
        return "claimed the team goal of \(Int(terms.goalMetres.rounded())) m with \(Int(finish.distanceMetres.rounded())) m"
            + " and \(Int(own.distanceMetres.rounded())) m"
    }

    /// Takes the mate out of the run for a claim that cannot be true, and tells it why.
    private mutating func disqualify(_ verdict: String, seq: Int, into actions: inout [MatePairAction]) {
        mate.disqualify(verdict, seq: seq)
        actions.append(.close(MateGoodbye(reason: .implausible, message: "\(mateName)'s figures were refused: \(verdict)")))
    }

    // MARK: - Rules

    private mutating func stopAtTeamGoal(into actions: inout [MatePairAction]) {
        guard terms.mode == .team, ownSummary == nil, !stopRequested, mate.implausible == nil,
              TeamShare.reachesGoal(own: own.distanceMetres, mate: mate.distanceMetres, goalMetres: terms.goalMetres)
        else { return }
        stopRequested = true
        actions.append(.stopOwnRun(.goalReached))
    }

    /// Stops the own race once its run time reaches the mate's finish at the goal.
    private mutating func stopAtMatesFinish(into actions: inout [MatePairAction]) {
        guard let stopAtRunTime, ownSummary == nil, !stopRequested, mate.implausible == nil,
              own.elapsedSeconds >= stopAtRunTime
        else { return }
        stopRequested = true
        actions.append(.stopOwnRun(.endedByMate))
    }

    /// Whether waiting for the mate's finish is over (see the type's documentation).
    private func mateIsSettled(now: Double) -> Bool {
        mate.isOut || now - max(mate.lastHeard, ownFinishedAt) >= MatePresence.silentAfter
    }

    private mutating func conclude(_ summary: RunSummary, into actions: inout [MatePairAction]) {
        let (result, winner) = verdict(summary)
        actions.append(.close(MateGoodbye(reason: .finished, message: goodbyeMessage(result))))
        actions.append(.publish(.finished(PairedRunSummary(
            terms: terms, own: summary, mate: mateFigures, result: result, winner: winner,
            ownSharePercent: share(of: summary), resultReason: resultReason(result)))))
        isOver = true
    }

    private func verdict(_ summary: RunSummary) -> (MateResult, MateRole?) {
        if mate.implausible != nil {
            let won = terms.mode == .race && summary.reachedGoal
            return (.mateImplausible, won ? role : nil)
        }
        if mate.leftReason == .implausible, mate.finish == nil {
            return (.disqualified, nil)
        }
        if let mateFinish = mate.finish {
            switch terms.mode {
            case .race:
                let winner = RaceVerdict.winner(own: summary.finish, mate: mateFinish, role: role)
                return (winner.map { $0 == role ? .won : .lost } ?? .soloFinished, winner)
            case .team:
                return (summary.reachedGoal || mateFinish.reachedGoal ? .teamFinished : .soloFinished, nil)
            }
        }
        return (mate.phase == .cancelled ? .mateCancelled : .mateLost, nil)
    }

    /// Why the result is what it is, when the mate's figures or its absence decided it.
    private func resultReason(_ result: MateResult) -> String? {
        switch result {
        case .mateImplausible: mate.implausible
        case .disqualified: mate.leftDetail
        case .mateCancelled: mate.leftReason == .cancelled ? mate.leftDetail : "\(mateName) cancelled the run"
        case .mateLost:
            if let detail = mate.leftDetail { "\(mateName) was lost: \(detail)" }
            else if mate.connection == .lost { "no connection to \(mateName) for \(Int(MatePresence.lostAfter)) s" }
            else { "no finish from \(mateName) within \(Int(MatePresence.silentAfter)) s of the own" }
        default: nil
        }
    }

    private func goodbyeMessage(_ result: MateResult) -> String {
        switch result {
        case .won: "\(ownName) won"
        case .lost: "\(mateName) won"
        case .teamFinished: "the team reached the goal"
        default: "\(ownName) finished"
        }
    }

    private func share(of summary: RunSummary) -> Double? {
        guard terms.mode == .team, mate.implausible == nil else { return nil }
        return TeamShare.percent(own: summary.snapshot.distanceMetres, mate: mate.distanceMetres)
    }

    private var mateFigures: MateFinalFigures {
        MateFinalFigures(
            name: mateName, distanceMetres: mate.distanceMetres, elapsedSeconds: mate.elapsedSeconds,
            final: mate.finish != nil, connected: mate.connection != .lost && mate.phase != .cancelled)
    }

    private func mateView(now: Double) -> MateView {
        MateView(
            name: mateName, mode: terms.mode, goalMetres: terms.goalMetres, distanceMetres: mate.distanceMetres,
            elapsedSeconds: mate.elapsedSeconds, phase: mate.phase, connection: mate.connection,
            lastSeenSecondsAgo: mate.lastSeenSecondsAgo(now: now),
            leadMetres: own.distanceMetres - mate.distanceMetres,
            combinedMetres: own.distanceMetres + mate.distanceMetres, implausible: mate.implausible)
    }
}

private extension RunSummary {
    /// How this run ended, as the mate is told in `state finished`.
    var finish: MateFinish {
        MateFinish(reachedGoal: reachedGoal, elapsedSeconds: snapshot.elapsedSeconds,
                   distanceMetres: snapshot.distanceMetres)
    }
}
