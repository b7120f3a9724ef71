/// How a kept run ended: the tracker's endings, plus `interrupted` for a run whose process died
/// before it could say (found again from its journal).
package enum RunRecordEnding: String, Sendable, Equatable, CaseIterable {
    case goalReached = "goal_reached"
    case sensorsEnded = "sensors_ended"
    /// A live run whose receiver gave up (`track`: no fix for `--idle-end`, or gpsd gone).
    case receiverEnded = "receiver_ended"
    /// Ctrl-C: kept as cancelled, with what was run.
    case cancelled
    case endedByMate = "ended_by_mate"
    /// The runner ended the run on purpose (the `q` key): kept like a finished run.
    case stopped
    /// The process was killed or the machine lost power while the run was going.
    case interrupted

    package init(_ ending: RunEnding) {
        switch ending {
        case .goalReached: self = .goalReached
        case .sensorsEnded: self = .sensorsEnded
        case .receiverEnded: self = .receiverEnded
        case .cancelled: self = .cancelled
        case .endedByMate: self = .endedByMate
        case .stopped: self = .stopped
        }
    }

    /// The tracker's ending this stands for; nil for `interrupted`, which the tracker has no
    /// word for.
    package var runEnding: RunEnding? {
        switch self {
        case .goalReached: .goalReached
        case .sensorsEnded: .sensorsEnded
        case .receiverEnded: .receiverEnded
        case .cancelled: .cancelled
        case .endedByMate: .endedByMate
        case .stopped: .stopped
        case .interrupted: nil
        }
    }
}
