import MateRunDomain
import MateRunPresentation

/// Whoever runs beside the runner: nobody, a ghost, a mate or a group. Its rules decide (a pure
/// function of events and time, in Domain); the companion carries out what they decide on its
/// link and tells `RunEngine` what the run itself must do. Adding a kind of run is adding one.
protocol RunCompanion {
    /// What the companion's link says (a mate's updates, a group's messages).
    associatedtype Message: Sendable
    /// What the run ends with for the command that ran it.
    associatedtype Outcome

    /// The goal the own run is built with.
    var ownGoalMetres: Double? { get }
    /// Its link's events, merged with the own run's events and the wall's seconds into one
    /// ordered input; nil for a companion with no link (nobody, a ghost), whose run is then read
    /// straight through, as fast as it goes.
    var messages: AsyncStream<Message>? { get }
    /// Wall seconds to the start when they are known at once (a countdown, a pair's agreed
    /// start); nil when the companion says later (`RunDirective.startIn`).
    var secondsUntilStart: Double? { get }

    /// What to show beside an own event (a mate as last seen, where the ghost stands), asked
    /// for every own event but the last, before the event is handed to the participants.
    mutating func beside(_ event: RunEvent) -> CompanionView

    /// Takes one input at wall time `now` (only for a companion with `messages`): carries out
    /// what its rules decide and says what the run must do.
    mutating func take(_ input: RunInput<Message>, now: Double, participants: inout RunParticipants) async -> [RunDirective]

    /// The run is over: `own` is the own run's summary, nil when it never began. Shows and
    /// keeps the result.
    mutating func finish(_ own: RunSummary?, participants: inout RunParticipants) async -> Outcome
}

/// One input of a run with a companion, in the order the engine took it.
enum RunInput<Message: Sendable>: Sendable {
    /// An event of the own run; `.finished` comes last.
    case own(RunEvent)
    /// The companion's link said something.
    case message(Message)
    /// A wall-clock second passed.
    case tick
    /// The countdown ended: the own run begins now.
    case began
    /// The runner gave up before the run began (Ctrl-C while waiting or counting down).
    case cancelledBeforeStart
    /// The own run is over and the runner stops waiting for the companion's verdict (Ctrl-C).
    case stoppedWaiting
}

/// What a companion tells the engine to do with the run.
enum RunDirective: Sendable, Equatable {
    /// Count down this many wall seconds, then begin the own run.
    case startIn(Double)
    /// End the own run now, this way (a mate finished, a team reached its goal).
    case stopRun(RunEnding)
    /// The companion's part is over: the engine stops taking inputs.
    case conclude
}

/// What a companion shows beside an own event.
struct CompanionView {
    var mate: MateView?
    var ghost: GhostStanding?
}
