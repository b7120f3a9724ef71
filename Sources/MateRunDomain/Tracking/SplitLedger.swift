/// The run's kilometre splits and the runner's laps, closed as distance is counted.
///
/// A split closes at each whole kilometre, at the moment the run crossed it (interpolated within
/// the step that crossed it); the last, partial one when the run ends. A lap closes where the
/// runner marks it, and the stretch after the last mark when the run ends.
struct SplitLedger: Sendable {
    /// Where the run stands when the ledger is asked to close something.
    struct Position {
        var distanceMetres: Double
        var movingSeconds: Double
        var elapsedSeconds: Double
        var elevationGainMetres: Double
    }

    private(set) var splits: [Split] = []
    private(set) var laps: [Split] = []
    private var splitStartMoving = 0.0
    private var splitStartGain = 0.0
    private(set) var lapStartDistance = 0.0
    private(set) var lapStartMoving = 0.0
    private var lapStartGain = 0.0

    /// Closes every whole kilometre up to `end`, crossed by a step of `length` metres that began at
    /// `stepStart` metres and took `dt` seconds from `startMoving` moving (`startElapsed` elapsed).
    mutating func closeSplits(
        upTo end: Double, stepStart: Double, length: Double, dt: Double, startMoving: Double, startElapsed: Double,
        elevationGainMetres gain: Double
    ) {
        while length > 0 {
            let boundary = Double(splits.count + 1) * 1000
            guard boundary <= end else { return }
            let fraction = (boundary - stepStart) / length
            let movingAtBoundary = startMoving + dt * fraction
            splits.append(Split(
                index: splits.count + 1, distanceMetres: 1000, movingSeconds: movingAtBoundary - splitStartMoving,
                endElapsedSeconds: startElapsed + dt * fraction, elevationGainMetres: gain - splitStartGain))
            splitStartMoving = movingAtBoundary
            splitStartGain = gain
        }
    }

    /// The run is over: the part of a kilometre after the last split, if 10 m or more.
    mutating func closePartialSplit(at position: Position) {
        let covered = position.distanceMetres - Double(splits.count) * 1000
        guard covered >= 10 else { return }
        splits.append(Split(
            index: splits.count + 1, distanceMetres: covered, movingSeconds: position.movingSeconds - splitStartMoving,
            endElapsedSeconds: position.elapsedSeconds, elevationGainMetres: position.elevationGainMetres - splitStartGain))
    }

    /// The runner marks a lap: the stretch since the previous mark (or the start).
    mutating func markLap(at position: Position) {
        laps.append(Split(
            index: laps.count + 1, distanceMetres: position.distanceMetres - lapStartDistance,
            movingSeconds: position.movingSeconds - lapStartMoving, endElapsedSeconds: position.elapsedSeconds,
            elevationGainMetres: position.elevationGainMetres - lapStartGain))
        lapStartDistance = position.distanceMetres
        lapStartMoving = position.movingSeconds
        lapStartGain = position.elevationGainMetres
    }

    /// The run is over: when the runner marked laps, the stretch after the last one is the final lap.
    mutating func closeLastLap(at position: Position) {
        guard !laps.isEmpty, position.distanceMetres - lapStartDistance >= 10 else { return }
        markLap(at: position)
    }
}
