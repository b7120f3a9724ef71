import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// Where a run is shown: the live terminal panel, plain lines for a pipe, or JSON events.
///
/// The flow coordinator feeds every screen the same way; each decides what to draw and how often.
protocol RunScreen: AnyObject {
    /// The state changed before the run (set-up, countdown, a mate's news while waiting).
    func show(_ state: RunningViewModel.State)
    /// Something happened in the run; `state` already includes it. `mate` is the mate as last
    /// seen in a paired run (the panel has it in `state`; JSON lines carry its figures).
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?)
    /// The run is over; `pair` is the paired run's result, which each screen shows its way.
    func finish(_ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?)
    /// A group run is over: the own summary, then the group's result (`group` is the summary
    /// line's `group` field for JSON, `table` the result table for people).
    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String])
    /// An event that is not a run event (e.g. the host's `listening`): `fields` for JSON, `text`
    /// for people.
    func announce(_ fields: [JSONMember], text: String)
    /// Writes a message for the person on standard error (a host's notice), from any task: the
    /// live panel puts it above itself, so that the panel is never garbled by it.
    var messageWriter: @Sendable (String) -> Void { get }
    /// Puts the terminal back as it was (the cursor) and writes out what is buffered. Safe to
    /// call more than once; every exit path calls it.
    func restore()
}

extension RunScreen {
    /// For people: the result screen, then the group's table under it.
    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String]
    ) {
        finish(summary, profile: profile, state: state, pair: nil)
        announce([], text: "\n" + table.joined(separator: "\n"))
    }
}
