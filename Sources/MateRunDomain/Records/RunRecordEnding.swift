/// How a kept run ended: the tracker's endings, plus `interrupted` for a run whose process died
/// before it could say (found again from its journal).
package enum RunRecordEnding: String, Sendable, Equatable, CaseIterable {
    case goalReached = "goal_reached"
    case sensorsEnded = "sensors_ended"
    /// The runner ended the run on purpose (the `q` key): kept like a finished run.
    case stopped
    case cancelled
    case endedByMate = "ended_by_mate"
    /// The process was killed or the machine lost power while the run was going.
    case interrupted

    package init(_ ending: RunEnding) {
        switch ending {
        case .goalReached: self = .goalReached
        case .sensorsEnded: self = .sensorsEnded
        case .stopped: self = .stopped
        case .cancelled: self = .cancelled
        case .endedByMate: self = .endedByMate
        }
    }
}
