import MateRunDomain

extension RunSummary {
    /// The summary of a run stopped before it started (Ctrl-C during the countdown or pairing).
    static func notStarted(goalMetres: Double?) -> RunSummary {
        RunSummary(snapshot: RunSnapshot(goalMetres: goalMetres), splits: [], ending: .cancelled)
    }
}
