/// Where one runner of a group stands in the run.
package enum GroupRunnerStatus: String, Sendable, Equatable {
    /// In the group, waiting for the start.
    case ready
    case running
    /// The runner's run is over (goal reached, scenario ended, or stopped).
    case finished
    /// The runner said goodbye.
    case left
    /// Nothing heard for `GroupRaceRules.silentAfter` seconds; back to running if heard again.
    case vanished
    /// Out for breaking the rules (impossible figures, a flood); never counted again.
    case refused

    /// Whether the group no longer waits for this runner.
    package var isOut: Bool { self != .ready && self != .running }
}

/// One runner's line on the board.
package struct GroupRunner: Sendable, Equatable {
    package var id: String
    package var name: String
    package var distanceMetres: Double
    package var elapsedSeconds: Double
    package var status: GroupRunnerStatus
    /// Whether the runner reached the race goal (its finish time then ranks it).
    package var reachedGoal: Bool
    /// Why a refused runner is out.
    package var note: String?

    package init(
        id: String, name: String, distanceMetres: Double = 0, elapsedSeconds: Double = 0,
        status: GroupRunnerStatus = .ready, reachedGoal: Bool = false, note: String? = nil
    ) {
        self.id = id
        self.name = name
        self.distanceMetres = distanceMetres
        self.elapsedSeconds = elapsedSeconds
        self.status = status
        self.reachedGoal = reachedGoal
        self.note = note
    }
}

/// A runner's report of its own run, as it reaches the group.
package struct GroupReport: Sendable, Equatable {
    /// Grows with every report of the runner; an older or repeated one is ignored.
    package var seq: Int
    package var elapsedSeconds: Double
    package var distanceMetres: Double
    package var finished: Bool
    package var reachedGoal: Bool

    package init(seq: Int, elapsedSeconds: Double, distanceMetres: Double, finished: Bool = false, reachedGoal: Bool = false) {
        self.seq = seq
        self.elapsedSeconds = elapsedSeconds
        self.distanceMetres = distanceMetres
        self.finished = finished
        self.reachedGoal = reachedGoal
    }
}
