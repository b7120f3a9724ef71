import MateRunDomain

/// Someone the page shows beside the runner (the ghost, the mate, a group's runner), with the
/// gap between them as the runner sees it.
package struct PageRival: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case ghost, mate, group
    }

    package var name: String
    package var kind: Kind
    package var distanceMetres: Double
    /// The runner's distance less theirs: positive when the runner is ahead.
    package var gapMetres: Double
    /// In time, positive when the runner is ahead; nil when it is not known.
    package var gapSeconds: Double?

    package init(name: String, kind: Kind, distanceMetres: Double, gapMetres: Double, gapSeconds: Double?) {
        self.name = name
        self.kind = kind
        self.distanceMetres = distanceMetres
        self.gapMetres = gapMetres
        self.gapSeconds = gapSeconds
    }

    /// The ghost as `--json`'s `ghost` field has it.
    package static func ghost(_ standing: GhostStanding) -> PageRival {
        PageRival(
            name: "ghost", kind: .ghost, distanceMetres: standing.distanceMetres, gapMetres: standing.gapMetres,
            gapSeconds: standing.gapSeconds)
    }

    /// The mate, from its latest figures (their time apart is not known to this side).
    package static func mate(_ view: MateView) -> PageRival {
        PageRival(
            name: view.name, kind: .mate, distanceMetres: view.distanceMetres, gapMetres: view.leadMetres, gapSeconds: nil)
    }

    /// Whether the runner is ahead (true), behind (false), or level within a metre (nil).
    package var runnerAhead: Bool? {
        guard gapMetres.isFinite, abs(gapMetres) >= 1 else { return nil }
        return gapMetres > 0
    }

    /// The gap in words, so that it never rests on a colour: `you are ahead by 120 m · 25 s`,
    /// `you are behind by 40 m`, `level with you`.
    package var words: String {
        guard let ahead = runnerAhead else { return "level with you" }
        let time = gapSeconds.flatMap { $0.isFinite ? " · " + MateSectionFormat.gapTime($0) : nil } ?? ""
        return (ahead ? "you are ahead by " : "you are behind by ") + RunFormat.gap(metres: abs(gapMetres)) + time
    }
}
