import MateRunDomain
import MateRunPresentation

/// Moves one run through its stages: countdown (3-2-1), running, result.
///
/// It owns the view model and feeds each screen; the run itself comes from the use case, and the
/// countdown waits on an injected clock, so the flow is tested without real time. A run stopped
/// before its start has run nothing and is not kept.
struct RunFlowCoordinator {
    let profile: RunnerProfile
    let goalMetres: Double?
    let screen: any RunScreen
    /// Waits the countdown's seconds (wall time).
    let countdownClock: any RunClock
    /// Seconds of countdown; zero skips it.
    let countdownSeconds: Int
    /// Keeps the run in the history as it goes; nil with `--no-save` or without a data directory.
    var keeper: RunKeeper?
    /// The earlier run raced (`--ghost`), shown as a mate is, and judged at the end.
    var ghost: GhostRun?

    /// Runs the countdown and then the run to its end; returns the summary. Cancelling the calling
    /// task (Ctrl-C) ends the run early: its summary then says it was cancelled.
    func run(_ start: () -> any RunningUseCase) async -> RunSummary {
        var participants = RunParticipants(screen: screen, keeper: keeper)
        participants.viewModel.send(.started(profile: profile, goalMetres: goalMetres))
        var final = RunSummary.notStarted(goalMetres: goalMetres)
        var kept: RunRecordID?
        var race = ghost.map(GhostRace.init)
        let countdown = Countdown(clock: countdownClock, screen: screen)
        if await countdown.run(seconds: Double(countdownSeconds), viewModel: &participants.viewModel) {
            screen.show(participants.viewModel.send(.countdown(0)))
            keeper?.begin()
            await start().events().forEach { event in
                guard case .finished(let summary) = event else {
                    var ghost: GhostStanding?
                    if case .progress(let snapshot) = event {
                        ghost = race?.standing(movingSeconds: snapshot.movingSeconds, distanceMetres: snapshot.distanceMetres)
                    }
                    participants.take(event, ghost: ghost)
                    return
                }
                final = summary
            }
            let ghostResult = race?.result(movingSeconds: final.snapshot.movingSeconds, distanceMetres: final.snapshot.distanceMetres)
            ghostResult.map { participants.viewModel.take(.ghostResult($0)) }
            kept = keeper?.finish(final, ghost: ghostResult)
        }
        let state = participants.viewModel.send(.event(.finished(final)))
        screen.finish(final, profile: profile, state: state, pair: nil, kept: kept)
        return final
    }
}
