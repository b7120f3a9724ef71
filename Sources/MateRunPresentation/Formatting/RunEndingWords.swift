import MateRunDomain

/// The one word for how a run ended, so that the live panel's header (`STOPPED`) and the result's
/// title (`Run stopped`) never say two different things about the same ending.
package enum RunEndingWords {
    /// `goal reached`, `ended`, `stopped`, `cancelled`, `over`.
    package static func word(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "goal reached"
        case .sensorsEnded, .receiverEnded: "ended"
        case .stopped: "stopped"
        case .cancelled: "cancelled"
        case .endedByMate: "over"
        }
    }

    /// The result's title: `Goal reached`, `Run ended`, `Run stopped`, `Run cancelled`, `Run over`.
    package static func title(_ ending: RunEnding) -> String {
        ending == .goalReached ? "Goal reached" : "Run " + word(ending)
    }
}
