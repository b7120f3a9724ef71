/// What one runner tells the other while a paired run is on: the only messages the pair's rules
/// exchange.
///
/// Pairing, heartbeats, pings and goodbyes are the transport's business (the mate target); the
/// rules see an update, or a change of the link (`MateLinkEvent`).
package enum MateUpdate: Sendable, Equatable {
    /// The sender's run as it stands now.
    case progress(MateProgress)
    /// The sender's run paused, resumed, finished or was cancelled; sent at once.
    case state(seq: Int, MateStateChange)

    /// The sequence number: `progress` and `state` share one counter per sender, so a receiver
    /// drops anything not newer than what it already has.
    package var seq: Int {
        switch self {
        case .progress(let progress): progress.seq
        case .state(let seq, _): seq
        }
    }
}
