import MateRunDomain
import MateRunPresentation

/// Who every run hands its events to, in order, whatever its kind: the history (the fixes it
/// keeps, its splits and laps), then the view model and the screen (every event but the kept
/// fixes, which are the history's alone). One value for the solo, paired and group flows, so that
/// a kind of run only adds what its companion (a ghost, a mate, a group) says.
struct RunParticipants {
    let screen: any RunScreen
    /// Keeps the run in the history as it goes; nil with `--no-save` or without a data directory.
    let keeper: RunKeeper?
    var viewModel = RunningViewModel()

    init(screen: any RunScreen, keeper: RunKeeper?) {
        self.screen = screen
        self.keeper = keeper
    }

    /// Hands `event` on: `mate` is the mate as last seen in a paired run, `ghost` where the
    /// ghost raced stands at this event, both shown with it.
    mutating func take(_ event: RunEvent, mate: MateView? = nil, ghost: GhostStanding? = nil) {
        keeper?.record(event)
        if case .kept = event { return }
        viewModel.take(.event(event))
        if let ghost { viewModel.take(.ghost(ghost)) }
        screen.update(event, state: viewModel.state, mate: mate)
    }
}
