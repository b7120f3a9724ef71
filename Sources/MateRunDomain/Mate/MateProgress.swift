/// One side's run as it stands, streamed to the mate whenever it changes.
///
/// Each value is a complete snapshot, not a delta, so a receiver that missed some only needs the
/// newest: it keeps the one with the highest `seq` and drops anything not newer.
package struct MateProgress: Sendable, Equatable {
    /// The sender's sequence number: starts at 1 and grows by one with every `progress` and
    /// `state` it sends, across reconnects.
    package var seq: Int
    /// Run time since the agreed start, pauses included.
    package var elapsedSeconds: Double
    /// Run time spent moving (auto-pauses excluded).
    package var movingSeconds: Double
    package var distanceMetres: Double
    package var caloriesKilocalories: Double
    /// Whether the sender is auto-paused right now.
    package var paused: Bool

    package init(
        seq: Int, elapsedSeconds: Double, movingSeconds: Double, distanceMetres: Double,
        caloriesKilocalories: Double, paused: Bool
    ) {
        self.seq = seq
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMetres = distanceMetres
        self.caloriesKilocalories = caloriesKilocalories
        self.paused = paused
    }
}
