/// Numbers this side's `progress` and `state` messages with one counter, and remembers the
/// latest of each so that both can be sent again when a dropped connection is restored.
public struct OutgoingMessages: Sendable, Equatable {
    public private(set) var lastSeq = 0
    public private(set) var latestProgress: MateMessage?
    public private(set) var latestState: MateMessage?

    public init() {}

    /// The `progress` message for `snapshot`, with the next `seq`.
    public mutating func progress(_ snapshot: RunSnapshot) -> MateMessage {
        lastSeq += 1
        let message = MateMessage.progress(MateProgress(
            seq: lastSeq, elapsedSeconds: snapshot.elapsedSeconds, movingSeconds: snapshot.movingSeconds,
            distanceMetres: snapshot.distanceMetres, caloriesKilocalories: snapshot.caloriesKilocalories,
            paused: snapshot.isPaused))
        latestProgress = message
        return message
    }

    /// The `state` message for `state`, with the next `seq`.
    public mutating func state(_ state: MateRunState) -> MateMessage {
        lastSeq += 1
        let message = MateMessage.state(seq: lastSeq, state)
        latestState = message
        return message
    }

    /// The latest state and progress, unchanged (same `seq`, so the mate drops what it already
    /// has), in `seq` order.
    public var resend: [MateMessage] {
        [latestState, latestProgress].compactMap { $0 }.sorted { $0.sequenceNumber < $1.sequenceNumber }
    }
}

private extension MateMessage {
    var sequenceNumber: Int {
        switch self {
        case .progress(let progress): progress.seq
        case .state(let seq, _): seq
        default: 0
        }
    }
}
