/// How a run ended.
package enum RunEnding: String, Sendable, Equatable {
    /// The goal distance was reached.
    case goalReached
    /// The scenario (the sensors) ran out before any goal was reached.
    case sensorsEnded
    /// A live receiver gave up before any goal was reached: no fix for the idle limit, or gpsd
    /// gone for longer than the client retries. The run ends at its latest fix.
    case receiverEnded
    /// The runner ended the run early and keeps it as a normal finish (the `q` key).
    case stopped
    /// The runner cancelled the run (Ctrl-C, a termination signal).
    case cancelled
    /// The pair's rules ended it: the mate won the race, or the team reached its goal together.
    case endedByMate
}

/// The record of a finished run: the final snapshot and the splits.
package struct RunSummary: Sendable, Equatable {
    package var snapshot: RunSnapshot
    package var splits: [Split]
    package var ending: RunEnding
    /// Laps the runner marked by hand, in order (empty when none were marked).
    package var laps: [Split]
    /// Mean of the heart-rate readings while moving, nil when the source has none.
    package var averageHeartRateBPM: Double?
    package var maximumHeartRateBPM: Double?
    /// Mean of the cadence readings while moving (steps per minute), nil when the source has none.
    package var averageCadenceSPM: Double?
    /// The stretches the tracker saw and did not count (a drive, a jump), in run order; empty
    /// when it counted everything it was given.
    package var leftOut: [LeftOutStretch]

    package init(
        snapshot: RunSnapshot, splits: [Split], ending: RunEnding, laps: [Split] = [],
        averageHeartRateBPM: Double? = nil, maximumHeartRateBPM: Double? = nil, averageCadenceSPM: Double? = nil,
        leftOut: [LeftOutStretch] = []
    ) {
        self.snapshot = snapshot
        self.splits = splits
        self.ending = ending
        self.laps = laps
        self.averageHeartRateBPM = averageHeartRateBPM
        self.maximumHeartRateBPM = maximumHeartRateBPM
        self.averageCadenceSPM = averageCadenceSPM
        self.leftOut = leftOut
    }

    package var reachedGoal: Bool { ending == .goalReached }
    package var wasCancelled: Bool { ending == .cancelled }
}
