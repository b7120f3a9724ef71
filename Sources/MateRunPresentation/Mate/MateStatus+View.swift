import MateRunDomain

extension MateStatus {
    /// The panel's view of the mate, from what the mate run use case knows.
    package init(view: MateView) {
        self.init(
            name: view.name, distanceMetres: view.distanceMetres, goalMetres: view.goalMetres,
            lastSeenSecondsAgo: view.lastSeenSecondsAgo, isConnected: Self.isConnected(view.connection),
            leadMetres: view.leadMetres, mode: view.mode == .race ? .race : .team)
        note = Self.note(for: view)
    }

    private static func isConnected(_ connection: MateConnection) -> Bool {
        connection == .connected || connection == .silent
    }

    private static func note(for view: MateView) -> String? {
        if let implausible = view.implausible { return "figures refused: " + implausible }
        return switch (view.phase, view.connection) {
        case (.finished, _): "finished"
        case (.cancelled, _): "stopped their run"
        case (_, .reconnecting): "connection dropped, reconnecting"
        case (_, .lost), (_, .closed): "connection lost, running solo"
        case (.paused, _): "paused"
        default: nil
        }
    }
}
