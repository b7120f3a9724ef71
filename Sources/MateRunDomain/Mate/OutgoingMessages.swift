/// Numbers this side's `progress` and `state` messages with one counter, for the whole session.
///
/// What is sent again after a dropped connection is the link's business (it knows the mate's
/// `last_received_seq`), so that a resume carries one copy of the latest progress, not two.
package struct OutgoingMessages: Sendable, Equatable {
    package private(set) var lastSeq = 0

    package init() {}

    /// The `progress` message for `snapshot`, with the next `seq`.
    package mutating func progress(_ snapshot: RunSnapshot) -> MateUpdate {
        lastSeq += 1
        return MateUpdate.progress(MateProgress(
            seq: lastSeq, elapsedSeconds: snapshot.elapsedSeconds, movingSeconds: snapshot.movingSeconds,
            distanceMetres: snapshot.distanceMetres, caloriesKilocalories: snapshot.caloriesKilocalories,
            paused: snapshot.isPaused))
    }

    /// The `state` message for `state`, with the next `seq`.
    package mutating func state(_ state: MateStateChange) -> MateUpdate {
        lastSeq += 1
        return MateUpdate.state(seq: lastSeq, state)
    }
}
