/// What the live panel is told about a running mate, in raw numbers.
///
/// It exists so that the mate feature can feed the panel without Presentation knowing how mates
/// connect: whoever tracks the mate fills this in, `RunningViewModel` formats it.
package struct MateStatus: Sendable, Equatable {
    /// Race: first to the goal wins. Team: the two distances add up towards one goal.
    package enum Mode: String, Sendable, Equatable {
        case race
        case team
    }

    package var name: String
    package var distanceMetres: Double
    /// The mate's goal (race) or the shared goal (team); the runner's own goal when nil.
    package var goalMetres: Double?
    /// Seconds since the mate was last heard from, nil if that is not known.
    package var lastSeenSecondsAgo: Double?
    package var isConnected: Bool
    /// How far the runner is ahead of the mate: positive ahead, negative behind.
    package var leadMetres: Double
    /// The same lead in seconds, where it is known (a ghost's own times tell it).
    package var leadSeconds: Double?
    package var mode: Mode
    /// What to say about the link instead of the default ("connection lost" when not connected):
    /// e.g. "reconnecting", "finished".
    package var note: String?

    package init(
        name: String, distanceMetres: Double, goalMetres: Double? = nil, lastSeenSecondsAgo: Double? = nil,
        isConnected: Bool = true, leadMetres: Double = 0, mode: Mode = .race
    ) {
        self.name = name
        self.distanceMetres = distanceMetres
        self.goalMetres = goalMetres
        self.lastSeenSecondsAgo = lastSeenSecondsAgo
        self.isConnected = isConnected
        self.leadMetres = leadMetres
        self.mode = mode
    }
}
