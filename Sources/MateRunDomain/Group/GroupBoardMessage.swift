/// A board as the coordinator publishes it and a runner or a watcher receives it: the phase and
/// terms, the listed leaders in order with their places, and the counts of the whole group.
///
/// A published board lists at most the first places (a board of thousands would not fit one
/// message), so the counts travel beside it rather than being read off its runners.
package struct GroupBoardMessage: Sendable, Equatable {
    package var board: GroupBoard
    /// Each listed runner's place, nil for a refused one.
    package var places: [Int?]
    /// Runners not refused.
    package var runners: Int
    /// Every runner, refused ones included.
    package var total: Int
    /// The sum of the counted runners' distances (a team run's figure).
    package var teamMetres: Double

    package init(board: GroupBoard, places: [Int?], runners: Int, total: Int, teamMetres: Double) {
        self.board = board
        self.places = places
        self.runners = runners
        self.total = total
        self.teamMetres = teamMetres
    }

    /// Whether this board is the group's result: nothing follows it.
    package var isResult: Bool { board.phase == .over }

    /// The place of runner `id` among the listed ones, nil when not listed or refused.
    package func place(of id: String) -> Int? {
        zip(board.runners, places).first { $0.0.id == id }?.1 ?? nil
    }
}
