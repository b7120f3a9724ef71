@testable import MateRunApp
import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// A solo run through `RunEngine`, built as `replay` builds it, with the run the test gives.
struct SoloTestRun {
    let profile: RunnerProfile
    var goalMetres: Double?
    let screen: any RunScreen
    let clock: any RunClock
    let countdownSeconds: Double
    var keeper: RunKeeper?

    init(
        profile: RunnerProfile, goalMetres: Double? = nil, screen: any RunScreen = SilentScreen(), clock: any RunClock,
        countdownSeconds: Double, keeper: RunKeeper? = nil
    ) {
        self.profile = profile
        self.goalMetres = goalMetres
        self.screen = screen
        self.clock = clock
        self.countdownSeconds = countdownSeconds
        self.keeper = keeper
    }

    func run(_ makeRun: @escaping @Sendable () -> any RunningUseCase) async -> RunSummary {
        let engine = RunEngine(profile: profile, screen: screen, wallClock: clock, keeper: keeper) { _, _ in makeRun() }
        return await engine.run(SoloCompanion(profile: profile, goalMetres: goalMetres, countdownSeconds: countdownSeconds))
    }
}

/// A screen that shows nothing.
final class SilentScreen: RunScreen {
    func show(_ state: RunningViewModel.State) {}
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {}
    func announce(_ fields: [JSONMember], text: String) {}
    var messageWriter: @Sendable (String) -> Void { { _ in } }
    func restore() {}
    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {}
}
