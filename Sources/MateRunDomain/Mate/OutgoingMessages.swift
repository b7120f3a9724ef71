/// Numbers this side's `progress` and `state` messages with one counter, and remembers the
/// latest of each so that both can be sent again when a dropped connection is restored.
package struct OutgoingMessages: Sendable, Equatable {
    package private(set) var lastSeq = 0
    package private(set) var latestProgress: MateUpdate?
    package private(set) var latestState: MateUpdate?

    package init() {}

    /// The `progress` message for `snapshot`, with the next `seq`.
    package mutating func progress(_ snapshot: RunSnapshot) -> MateUpdate {
        lastSeq += 1
        let message = MateUpdate.progress(MateProgress(
            seq: lastSeq, elapsedSeconds: snapshot.elapsedSeconds, movingSeconds: snapshot.movingSeconds,
            distanceMetres: snapshot.distanceMetres, caloriesKilocalories: snapshot.caloriesKilocalories,
            paused: snapshot.isPaused))
        latestProgress = message
        return message
    }

    /// The `state` message for `state`, with the next `seq`.
    package mutating func state(_ state: MateRunState) -> MateUpdate {
        lastSeq += 1
        let message = MateUpdate.state(seq: lastSeq, state)
        latestState = message
        return message
    }

    /// The latest state and progress, unchanged (same `seq`, so the mate drops what it already
    /// has), in `seq` order.
    package var resend: [MateUpdate] {
        [latestState, latestProgress].compactMap { $0 }.sorted { $0.seq < $1.seq }
    }
}
