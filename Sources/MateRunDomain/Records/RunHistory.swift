/// What `materun history` shows, from the kept runs: the runs to list, the weekly and monthly
/// totals, and the all-time bests.
///
/// `since` keeps runs that started on or after that local date, for everything shown; `limit`
/// shortens only the list of runs (totals and bests still count every run since `since`).
package struct RunHistory: Sendable, Equatable {
    package var runs: [RunRecordSummary]
    package var totals: RunTotals
    package var bests: PersonalBests
    /// The runs that hold a best, by id, so that a best can say where it was run.
    package var bestRuns: [RunRecordID: RunRecordSummary]
    /// The shortest start of each run's id that names it among all the runs given (at least
    /// `RunRecordID.shortLength` characters): what `show` and `export` accept, short enough to
    /// type.
    package var shortIDs: [RunRecordID: String]
    /// The run kept most recently, among all the runs given: what `latest` names. The list is by
    /// when runs ended, so a replayed file from years ago is `latest` without being first.
    package var latest: RunRecordSummary?

    /// `runs` newest first, as the store lists them.
    package init(_ runs: [RunRecordSummary], since: CivilDate? = nil, limit: Int? = nil) {
        let kept = runs.filter { run in
            guard let since else { return true }
            return CivilDate(unixSeconds: run.header.startedAt, utcOffsetSeconds: run.header.utcOffsetSeconds) >= since
        }
        self.runs = limit.map { Array(kept.prefix(max(0, $0))) } ?? kept
        totals = RunTotals(kept)
        // Oldest first, so that a tie keeps the run that set the time first.
        bests = kept.reversed().reduce(PersonalBests()) { $0.merged(with: $1.bests) }
        let bestIDs = Set(bests.efforts.values.compactMap(\.runID))
        bestRuns = Dictionary(kept.filter { bestIDs.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        shortIDs = RunRecordID.shortestUniquePrefixes(of: runs.map(\.id))
        latest = Self.latest(in: runs)
    }

    /// The run kept most recently (two kept in the same instant: the greater id).
    package static func latest(in runs: [RunRecordSummary]) -> RunRecordSummary? {
        runs.max { ($0.keptAt, $0.id.rawValue) < ($1.keptAt, $1.id.rawValue) }
    }
}

extension CivilDate {
    /// A date from `YYYY-MM-DD` (the `--since` value), nil for anything else or a day the month
    /// does not have.
    package init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        // 2026-02-30 would roll over into March: refuse it rather than guess.
        guard CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date else { return nil }
        self = date
    }
}
