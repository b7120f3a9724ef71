import MateRunDomain
import MateRunPresentation

/// Who every run hands its events to, in order, whatever its kind: the history (the fixes it
/// keeps, its splits and laps), then the view model and the screen (every event but the kept
/// fixes, which are the history's alone). `RunEngine` hands them every own event; a companion
/// adds what it says (a mate's view, a result) through the same value.
struct RunParticipants {
    let screen: any RunScreen
    /// Keeps the run in the history as it goes; nil with `--no-save` or without a data directory.
    let keeper: RunKeeper?
    var viewModel = RunningViewModel()

    init(screen: any RunScreen, keeper: RunKeeper?) {
        self.screen = screen
        self.keeper = keeper
    }

    /// Hands `event` on, shown with what the companion shows beside it.
    mutating func take(_ event: RunEvent, beside companion: CompanionView = CompanionView()) {
        keeper?.record(event)
        if case .kept = event { return }
        viewModel.take(.event(event))
        if let ghost = companion.ghost { viewModel.take(.ghost(ghost)) }
        screen.update(event, state: viewModel.state, mate: companion.mate)
    }
}
