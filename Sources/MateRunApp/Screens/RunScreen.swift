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
    /// The run is over; `pair` is the paired run's result, which each screen shows its way;
    /// `kept`, the id the run was kept under (nil when it was not kept), which every screen tells.
    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?)
    /// A group run is over: the own summary, then the group's result (`group` is the summary
    /// line's `group` field for JSON, `table` the result table for people), and the id it was
    /// kept under.
    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?)
    /// An event that is not a run event (e.g. the host's `listening`): `fields` for JSON, `text`
    /// for people.
    func announce(_ fields: [JSONMember], text: String)
    /// Fields a paired run's transport adds to the summary line (`--json`), asked for when the run
    /// is over: a pair through NATS tells what it dropped (`nats_dropped`). Screens for people
    /// leave them out: the command tells people on standard error.
    func summaryFields(_ fields: @escaping @Sendable () -> [JSONMember])
    /// Whether the screen is read by a program (`--json`), which wants every update that comes
    /// (a group's standing each second), rather than by a person, who wants to be told of a change.
    var isForPrograms: Bool { get }
    /// An update a person was already told of (a group's standing, each second while it holds):
    /// a screen for people leaves it out; the live page beside one takes it, to keep its gaps fresh.
    func repeatForPrograms(_ fields: [JSONMember])
    /// Writes a message for the person on standard error (a host's notice), from any task: the
    /// live panel puts it above itself, so that the panel is never garbled by it.
    var messageWriter: @Sendable (String) -> Void { get }
    /// Puts the terminal back as it was (the cursor) and writes out what is buffered. Safe to
    /// call more than once; every exit path calls it.
    func restore()
}

extension RunScreen {
    func summaryFields(_ fields: @escaping @Sendable () -> [JSONMember]) {}

    var isForPrograms: Bool { false }

    func repeatForPrograms(_ fields: [JSONMember]) {}

    /// For people: the result screen, then the group's table under it, then where it was kept.
    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        finish(summary, profile: profile, state: state, pair: nil, kept: nil)
        announce([], text: "\n" + table.joined(separator: "\n"))
        kept.map { messageWriter(Self.keptNotice($0)) }
    }

    /// What a person is told on standard error once the run is kept: its id (which `show`,
    /// `export` and `delete` take), and how to see it now, in one line of an 80-column terminal.
    static func keptNotice(_ id: RunRecordID) -> String {
        "materun: kept as \(id) · materun show latest"
    }
}
