/// What a set of runs adds up to over one calendar period.
package struct PeriodTotal: Sendable, Equatable {
    /// `2026-W47` for an ISO week, `2026-11` for a month: sorts like the periods do.
    package var period: String
    package var runs: Int
    package var figures: RunFigures

    package init(period: String, runs: Int = 0, figures: RunFigures = RunFigures()) {
        self.period = period
        self.runs = runs
        self.figures = figures
    }

    mutating func add(_ other: RunFigures) {
        runs += 1
        figures.elapsedSeconds += other.elapsedSeconds
        figures.movingSeconds += other.movingSeconds
        figures.distanceMetres += other.distanceMetres
        figures.caloriesKilocalories += other.caloriesKilocalories
        figures.elevationGainMetres += other.elevationGainMetres
    }
}

/// Totals per ISO week and per month, newest period first, in each run's local calendar (the
/// offset from UTC it started at).
package struct RunTotals: Sendable, Equatable {
    package var weeks: [PeriodTotal]
    package var months: [PeriodTotal]

    package init(_ runs: [RunRecordSummary]) {
        var weeks: [String: PeriodTotal] = [:]
        var months: [String: PeriodTotal] = [:]
        for run in runs {
            let date = CivilDate(unixSeconds: run.header.startedAt, utcOffsetSeconds: run.header.utcOffsetSeconds)
            let week = date.isoWeek
            let weekKey = "\(Self.padded(week.year, 4))-W\(Self.padded(week.week, 2))"
            let monthKey = "\(Self.padded(date.year, 4))-\(Self.padded(date.month, 2))"
            weeks[weekKey, default: PeriodTotal(period: weekKey)].add(run.outcome.figures)
            months[monthKey, default: PeriodTotal(period: monthKey)].add(run.outcome.figures)
        }
        self.weeks = weeks.values.sorted { $0.period > $1.period }
        self.months = months.values.sorted { $0.period > $1.period }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
