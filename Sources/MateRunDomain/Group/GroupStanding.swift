/// What one runner's screen shows of the group: place, leader, the runners just ahead and just
/// behind with the gaps, and the team's total in a team run.
package struct GroupStanding: Sendable, Equatable {
    /// Another runner seen from this one: how far apart, in metres and in seconds.
    package struct Neighbour: Sendable, Equatable {
        package var name: String
        package var gapMetres: Double
        /// The gap in time at the slower side's average pace; nil before anyone has moved.
        package var gapSeconds: Double?
        package var status: GroupRunnerStatus

        package init(name: String, gapMetres: Double, gapSeconds: Double?, status: GroupRunnerStatus) {
            self.name = name
            self.gapMetres = gapMetres
            self.gapSeconds = gapSeconds
            self.status = status
        }
    }

    package var phase: GroupBoard.Phase
    package var place: Int?
    package var runners: Int
    package var leader: GroupRunner?
    package var ahead: Neighbour?
    package var behind: Neighbour?
    /// The sum of distances in a team run, nil in a race.
    package var teamMetres: Double?
    package var goalMetres: Double

    package init(
        phase: GroupBoard.Phase, place: Int?, runners: Int, leader: GroupRunner?, ahead: Neighbour?, behind: Neighbour?,
        teamMetres: Double?, goalMetres: Double
    ) {
        self.phase = phase
        self.place = place
        self.runners = runners
        self.leader = leader
        self.ahead = ahead
        self.behind = behind
        self.teamMetres = teamMetres
        self.goalMetres = goalMetres
    }

    /// `id`'s standing on `board`; nil when the runner is not on it.
    package init?(board: GroupBoard, id: String) {
        guard let index = board.runners.firstIndex(where: { $0.id == id }) else { return nil }
        self.init(board: board, at: index, counted: board.runners.count { $0.status != .refused })
    }

    /// The standing of the runner at `index` of the board's ranked runners, of whom `counted`
    /// are not refused: every runner's standing in one pass over a big board.
    package init(board: GroupBoard, at index: Int, counted: Int) {
        let own = board.runners[index]
        phase = board.phase
        place = own.status == .refused ? nil : index + 1
        runners = counted
        leader = board.runners.first { $0.status != .refused }
        goalMetres = board.terms.goalMetres
        teamMetres = board.terms.mode == .team ? board.teamMetres : nil
        let ownSpeed = Self.averageSpeed(own)
        if own.status != .refused, index > 0 {
            let other = board.runners[index - 1]
            ahead = Self.neighbour(other, gap: other.distanceMetres - own.distanceMetres, speed: ownSpeed)
        }
        if own.status != .refused, index + 1 < board.runners.count, board.runners[index + 1].status != .refused {
            let other = board.runners[index + 1]
            behind = Self.neighbour(other, gap: own.distanceMetres - other.distanceMetres, speed: Self.averageSpeed(other))
        }
    }

    private static func neighbour(_ runner: GroupRunner, gap: Double, speed: Double?) -> Neighbour {
        Neighbour(
            name: runner.name, gapMetres: gap, gapSeconds: speed.map { abs(gap) / $0 }, status: runner.status)
    }

    /// Metres per run second so far, nil before the runner has moved.
    private static func averageSpeed(_ runner: GroupRunner) -> Double? {
        guard runner.elapsedSeconds > 0, runner.distanceMetres > 0 else { return nil }
        return runner.distanceMetres / runner.elapsedSeconds
    }
}
