import MateRunDomain
import MateRunPresentation

/// Moves a paired run through its stages: the countdown to the agreed start, running side by
/// side, and the result both sides agree on.
struct MateFlowCoordinator {
    typealias RunFactory = @Sendable (_ goalMetres: Double?, _ stopSignal: RunStopSignal, _ clock: any RunClock) -> any RunningUseCase

    let profile: RunnerProfile
    let pairing: MatePairing
    let screen: any RunScreen
    /// Wall time: the countdown, and the mate's freshness.
    let wallClock: any RunClock
    let makeRun: RunFactory
    /// The run clock, made when the run starts so that run time begins at the agreed start.
    let runClock: () -> any RunClock
    /// Keeps the run in the history as it goes; nil with `--no-save` or without a data directory.
    var keeper: RunKeeper?

    func run() async -> PairedRunSummary {
        var participants = RunParticipants(screen: screen, keeper: keeper)
        participants.viewModel.send(.started(profile: profile, goalMetres: pairing.terms.ownGoalMetres))
        let countdown = Countdown(clock: wallClock, screen: screen)
        guard await countdown.run(seconds: pairing.secondsUntilStart, viewModel: &participants.viewModel) else {
            await pairing.link.close(MateGoodbye(reason: .cancelled, message: "the runner stopped before the start"))
            return finish(cancelledBeforeStart(), kept: nil, viewModel: &participants.viewModel)
        }
        screen.show(participants.viewModel.send(.countdown(0)))
        keeper?.begin()
        let clock = runClock()
        let makeRun = makeRun
        let useCase = DefaultPairedRunUseCase(
            pairing: pairing, profile: profile, clock: wallClock,
            makeRun: { goal, stopSignal in makeRun(goal, stopSignal, clock) })
        var mateView: MateView?
        var final = cancelledBeforeStart()
        for await event in useCase.events() {
            switch event {
            case .run(let runEvent):
                participants.take(runEvent, mate: mateView)
            case .mate(let view):
                keeper?.record(mate: view)
                mateView = view
                screen.show(participants.viewModel.send(.mate(MateStatus(view: view))))
            case .finished(let summary):
                final = summary
            }
        }
        let kept = keeper?.finish(final)
        return finish(final, kept: kept, viewModel: &participants.viewModel)
    }

    private func finish(_ summary: PairedRunSummary, kept: RunRecordID?, viewModel: inout RunningViewModel) -> PairedRunSummary {
        viewModel.send(.event(.finished(summary.own)))
        let state = viewModel.send(.pairResult(summary))
        screen.finish(summary.own, profile: profile, state: state, pair: summary, kept: kept)
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
