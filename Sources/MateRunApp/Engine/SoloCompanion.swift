import MateRunDomain
import MateRunPresentation

/// A run with nobody beside it, or with a ghost: an earlier run raced at the same moving time,
/// shown as a mate is and judged at the end (`GhostRace`).
struct SoloCompanion: RunCompanion {
    let profile: RunnerProfile
    let ownGoalMetres: Double?
    /// Seconds of countdown; zero starts at once.
    let countdownSeconds: Double
    private var race: GhostRace?

    init(profile: RunnerProfile, goalMetres: Double?, countdownSeconds: Double, ghost: GhostRun? = nil) {
        self.profile = profile
        ownGoalMetres = goalMetres
        self.countdownSeconds = countdownSeconds
        race = ghost.map(GhostRace.init)
    }

    var messages: AsyncStream<Never>? { nil }
    var secondsUntilStart: Double? { countdownSeconds }

    mutating func beside(_ event: RunEvent) -> CompanionView {
        guard case .progress(let snapshot) = event else { return CompanionView() }
        return CompanionView(ghost: race?.standing(movingSeconds: snapshot.movingSeconds, distanceMetres: snapshot.distanceMetres))
    }

    func take(_ input: RunInput<Never>, now: Double, participants: inout RunParticipants) async -> [RunDirective] { [] }

    /// Shows the summary (a run stopped before its start is cancelled, and not kept) and keeps
    /// the run with the ghost's verdict.
    mutating func finish(_ own: RunSummary?, participants: inout RunParticipants) async -> RunSummary {
        let final = own ?? .notStarted(goalMetres: ownGoalMetres)
        var kept: RunRecordID?
        if own != nil {
            let ghostResult = race?.result(movingSeconds: final.snapshot.movingSeconds, distanceMetres: final.snapshot.distanceMetres)
            ghostResult.map { participants.viewModel.take(.ghostResult($0)) }
            kept = participants.keeper?.finish(final, ghost: ghostResult)
        }
        let state = participants.viewModel.send(.event(.finished(final)))
        participants.screen.finish(final, profile: profile, state: state, pair: nil, kept: kept)
        return final
    }
}
