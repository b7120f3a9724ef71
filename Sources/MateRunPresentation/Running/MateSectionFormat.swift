import MateRunDomain

/// Formats a `MateStatus` into the mate section of the live panel.
///
/// Kept apart from `RunningViewModel` because it is the one part that the mate feature will grow.
enum MateSectionFormat {
    /// A mate silent for less than this is not flagged: updates arrive about once a second.
    static let silenceWorthShowingSeconds = 5.0

    static func section(
        for mate: MateStatus, displayName: String, ownDistanceMetres: Double, ownGoalMetres: Double?
    ) -> RunningViewModel.MateSection {
        let goal = (mate.goalMetres ?? ownGoalMetres).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let mateMetres = mate.distanceMetres.isFinite ? max(0, mate.distanceMetres) : 0
        var section = RunningViewModel.MateSection(
            name: displayName, mode: mate.mode, distance: RunFormat.kilometres(metres: mateMetres),
            progressFraction: nil, ownShareFraction: nil, progressLabel: "", lead: nil,
            lastSeen: lastSeen(mate.lastSeenSecondsAgo),
            connection: mate.note ?? (mate.isConnected ? nil : "connection lost"))
        switch mate.mode {
        case .race:
            section.lead = lead(mate.leadMetres, seconds: mate.leadSeconds)
            if let goal {
                section.progressFraction = min(1, mateMetres / goal)
                section.progressLabel = RunFormat.progressLabel(metres: mateMetres, goalMetres: goal)
            } else {
                section.progressLabel = section.distance
            }
        case .team:
            let ownMetres = ownDistanceMetres.isFinite ? max(0, ownDistanceMetres) : 0
            let teamMetres = ownMetres + mateMetres
            if let goal {
                section.progressFraction = min(1, teamMetres / goal)
                section.ownShareFraction = min(1, ownMetres / goal)
                section.progressLabel = RunFormat.progressLabel(metres: teamMetres, goalMetres: goal)
            } else {
                section.progressLabel = RunFormat.kilometres(metres: teamMetres)
            }
        }
        return section
    }

    /// `ahead by 120 m`, `behind by 40 m (12 s)`, or `level` within a metre.
    static func lead(_ metres: Double, seconds: Double? = nil) -> String {
        guard metres.isFinite, abs(metres) >= 1 else { return "level" }
        let words = (metres > 0 ? "ahead by " : "behind by ") + RunFormat.gap(metres: abs(metres))
        guard let seconds, seconds.isFinite else { return words }
        return words + " (" + gapTime(seconds) + ")"
    }

    /// A gap in time without its sign: `12 s` under a minute, else `4:05` or `1:02:03`.
    package static func gapTime(_ seconds: Double) -> String {
        let whole = RunFormat.wholeSeconds(abs(seconds).rounded())
        if whole < 60 { return String(whole) + " s" }
        let minutes = String(whole / 60 % 60), secondsText = String(whole % 60)
        let mmss = (whole >= 3600 && minutes.count < 2 ? "0" : "") + minutes + ":" + (secondsText.count < 2 ? "0" : "") + secondsText
        return whole >= 3600 ? String(whole / 3600) + ":" + mmss : mmss
    }

    /// `last seen 7 s ago`, `last seen 3 min ago`; nil while the mate is fresh.
    static func lastSeen(_ secondsAgo: Double?) -> String? {
        guard let secondsAgo, secondsAgo.isFinite, secondsAgo >= silenceWorthShowingSeconds else { return nil }
        let seconds = RunFormat.wholeSeconds(secondsAgo)
        if seconds < 60 { return "last seen " + String(seconds) + " s ago" }
        if seconds < 3600 { return "last seen " + String(seconds / 60) + " min ago" }
        return "last seen " + String(seconds / 3600) + " h ago"
    }
}
