import MateRunDomain
import MateRunPresentation

/// A mate running beside the runner, over a `MateLink`: `MatePairRules` decide, from the
/// agreed start, what to send, when the own run stops and what the pair's result is.
struct MateCompanion: RunCompanion {
    let profile: RunnerProfile
    let pairing: MatePairing
    private var rules: MatePairRules?
    /// What the link said before the start, handed to the rules when they begin.
    private var early: [MateLinkEvent] = []
    private var mateView: MateView?
    private var result: PairedRunSummary?

    init(profile: RunnerProfile, pairing: MatePairing) {
        self.profile = profile
        self.pairing = pairing
    }

    var ownGoalMetres: Double? { pairing.terms.ownGoalMetres }
    var messages: AsyncStream<MateLinkEvent>? { pairing.link.events }
    var secondsUntilStart: Double? { pairing.secondsUntilStart }

    func beside(_ event: RunEvent) -> CompanionView { CompanionView(mate: mateView) }

    mutating func take(_ input: RunInput<MateLinkEvent>, now: Double, participants: inout RunParticipants) async -> [RunDirective] {
        var actions: [MatePairAction] = []
        switch input {
        case .began:
            var started = MatePairRules(
                role: pairing.role, ownName: profile.name, mateName: pairing.mateName, terms: pairing.terms,
                mateSport: pairing.mateSport, now: now)
            for event in early { actions += started.handle(.link(event), now: now) }
            early = []
            rules = started
        case .cancelledBeforeStart:
            await pairing.link.close(MateGoodbye(reason: .cancelled, message: "the runner stopped before the start"))
            return [.conclude]
        case .message(let event):
            guard rules != nil else {
                early.append(event)
                return []
            }
            actions = rules!.handle(.link(event), now: now)
        case .stoppedWaiting:
            // The pair's rules settle on the mate's finish, or its silence, within their bounds.
            return []
        case .own(let event): actions = rules?.handle(.own(event), now: now) ?? []
        case .tick: actions = rules?.handle(.tick, now: now) ?? []
        }
        return await carryOut(actions, participants: &participants)
    }

    private mutating func carryOut(_ actions: [MatePairAction], participants: inout RunParticipants) async -> [RunDirective] {
        var directives: [RunDirective] = []
        for action in actions {
            switch action {
            case .send(let message):
                // In a task of its own, so that a cancelled run still says what it must.
                await Task { [link = pairing.link] in await link.send(message) }.value
            case .close(let goodbye):
                await Task { [link = pairing.link] in await link.close(goodbye) }.value
            case .stopOwnRun(let ending): directives.append(.stopRun(ending))
            case .publish(.run): break
            case .publish(.mate(let view)):
                participants.keeper?.record(mate: view)
                mateView = view
                participants.screen.show(participants.viewModel.send(.mate(MateStatus(view: view))))
            case .publish(.finished(let summary)):
                result = summary
                directives.append(.conclude)
            }
        }
        return directives
    }

    /// Shows the pair's result and keeps the run with it.
    mutating func finish(_ own: RunSummary?, participants: inout RunParticipants) async -> PairedRunSummary {
        let summary = result ?? cancelledBeforeStart()
        let kept = own == nil ? nil : participants.keeper?.finish(summary)
        participants.viewModel.send(.event(.finished(summary.own)))
        let state = participants.viewModel.send(.pairResult(summary))
        participants.screen.finish(summary.own, profile: profile, state: state, pair: summary, kept: kept)
        return summary
    }

    private func cancelledBeforeStart() -> PairedRunSummary {
        PairedRunSummary(
            terms: pairing.terms,
            own: .notStarted(goalMetres: pairing.terms.ownGoalMetres),
            mate: MateFinalFigures(name: pairing.mateName, distanceMetres: 0, elapsedSeconds: 0, final: false, connected: true),
            result: .cancelled, winner: nil, ownSharePercent: nil)
    }
}
