import MateRunDomain

/// Which kept run a command-line reference means: `latest` (the run kept most recently, whatever
/// the date it was run: a GPX file from 2024 replayed now is `latest`), an id, a unique start of
/// an id, or (when `matchingScenarios`) a scenario's name or path, meaning its newest run.
package enum RunRecordLookup {
    /// The run `reference` names in `runs` (newest first, as `list` returns them), or nil.
    package static func find(_ reference: String, in runs: [RunRecordSummary], matchingScenarios: Bool = true) -> RunRecordSummary? {
        if reference == "latest" { return RunHistory.latest(in: runs) }
        if let exact = runs.first(where: { $0.id.rawValue == reference }) { return exact }
        let prefixed = runs.filter { $0.id.rawValue.hasPrefix(reference) }
        if prefixed.count == 1 { return prefixed[0] }
        guard matchingScenarios else { return nil }
        return runs.first { $0.header.scenario.name == reference || $0.header.scenario.path == reference }
    }
}
