/// Where the ghost is against the runner, at one moment.
package struct GhostStanding: Sendable, Equatable {
    /// The ghost's distance at the runner's moving time.
    package var distanceMetres: Double
    /// The runner's distance less the ghost's: positive when the runner is ahead.
    package var gapMetres: Double
    /// When the ghost reached (or reaches) the runner's distance, less the runner's moving time:
    /// positive when the runner is ahead; nil when the ghost never got that far.
    package var gapSeconds: Double?
    /// The ghost has ended and stays at its finish.
    package var ghostFinished: Bool

    package init(distanceMetres: Double, gapMetres: Double, gapSeconds: Double?, ghostFinished: Bool) {
        self.distanceMetres = distanceMetres
        self.gapMetres = gapMetres
        self.gapSeconds = gapSeconds
        self.ghostFinished = ghostFinished
    }
}

/// Who won against the ghost, and by how much.
package struct GhostResult: Sendable, Equatable {
    package enum Outcome: String, Sendable, Equatable {
        case won
        case lost
        case tied
    }

    /// The ghost, in words (`GhostRun.source`).
    package var source: String
    /// The distance both are compared at: the runner's goal, or the shorter of the two runs.
    package var distanceMetres: Double
    /// The ghost's moving time at that distance.
    package var ghostSeconds: Double
    /// The ghost's time less the runner's: positive when the runner was faster.
    package var gapSeconds: Double
    package var outcome: Outcome

    package init(source: String, distanceMetres: Double, ghostSeconds: Double, gapSeconds: Double, outcome: Outcome) {
        self.source = source
        self.distanceMetres = distanceMetres
        self.ghostSeconds = ghostSeconds
        self.gapSeconds = gapSeconds
        self.outcome = outcome
    }
}

/// A run raced against a ghost: fed the runner's figures as the run goes, it says where the
/// ghost stands, and at the end who won. Pure: no clock, the figures are the run's own.
///
/// The result compares moving times at one distance: the shorter of the two runs (the goal, for
/// a runner who reached it and a ghost that went that far). Less than half a second apart, the
/// two are tied: kept times are shown to the second.
package struct GhostRace: Sendable {
    package static let tieSeconds = 0.5

    package let ghost: GhostRun
    /// The runner's own moments, for its time at the compared distance.
    private var own: [GhostRun.Point] = [GhostRun.Point(movingSeconds: 0, distanceMetres: 0)]

    package init(ghost: GhostRun) {
        self.ghost = ghost
    }

    /// The runner has moved `movingSeconds` and `distanceMetres`: where the ghost stands now.
    package mutating func standing(movingSeconds: Double, distanceMetres: Double) -> GhostStanding {
        if let last = own.last, movingSeconds >= last.movingSeconds, distanceMetres >= last.distanceMetres {
            own.append(GhostRun.Point(movingSeconds: movingSeconds, distanceMetres: distanceMetres))
        }
        let ghostMetres = ghost.distance(atMovingSeconds: movingSeconds)
        return GhostStanding(
            distanceMetres: ghostMetres, gapMetres: distanceMetres - ghostMetres,
            gapSeconds: ghost.movingSeconds(atDistance: distanceMetres).map { $0 - movingSeconds },
            ghostFinished: movingSeconds >= ghost.finish.movingSeconds)
    }

    /// The race's result once the runner's run ended at `movingSeconds` and `distanceMetres`;
    /// nil when either went nowhere.
    package mutating func result(movingSeconds: Double, distanceMetres: Double) -> GhostResult? {
        _ = standing(movingSeconds: movingSeconds, distanceMetres: distanceMetres)
        let compared = min(distanceMetres, ghost.finish.distanceMetres)
        guard compared > 0, let ownRun = GhostRun(source: "", points: own),
              let ownSeconds = ownRun.movingSeconds(atDistance: compared),
              let ghostSeconds = ghost.movingSeconds(atDistance: compared)
        else { return nil }
        let gap = ghostSeconds - ownSeconds
        let outcome: GhostResult.Outcome = abs(gap) < Self.tieSeconds ? .tied : gap > 0 ? .won : .lost
        return GhostResult(source: ghost.source, distanceMetres: compared, ghostSeconds: ghostSeconds, gapSeconds: gap, outcome: outcome)
    }
}
