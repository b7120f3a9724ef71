import MateRunDomain
import Testing

@Suite struct RunTotalsTests {
    private func run(_ id: String, at unix: Double, offset: Int = 0, metres: Double) -> RunRecordSummary {
        RunRecordSummary(
            id: RunRecordID(id),
            header: RunRecordHeader(
                startedAt: unix, utcOffsetSeconds: offset, runner: RunnerProfile(name: "Ana", weightKilograms: 60),
                scenario: RecordedScenario(name: "park", path: "park.json")
            ),
            outcome: RunRecordOutcome(figures: RunFigures(elapsedSeconds: 600, movingSeconds: 590, distanceMetres: metres), splits: [], ending: .goalReached),
            bests: PersonalBests()
        )
    }

    @Test func weeksFollowISO8601AcrossTheNewYear() {
        // 2026-01-01 is a Thursday: week 1 of 2026. 2027-01-01 is a Friday: week 53 of 2026.
        #expect(CivilDate(year: 2026, month: 1, day: 1).isoWeek == (2026, 1))
        #expect(CivilDate(year: 2027, month: 1, day: 1).isoWeek == (2026, 53))
        #expect(CivilDate(year: 2024, month: 12, day: 30).isoWeek == (2025, 1))
        #expect(CivilDate(year: 2026, month: 11, day: 23).isoWeekday == 1)
    }

    @Test func civilDatesRoundTripThroughDays() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(CivilDate(unixSeconds: -1, utcOffsetSeconds: 0) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test func totalsAddUpPerWeekAndMonthNewestFirst() {
        // Given two runs in the week of 2026-11-23, one the week before, and one in October
        let runs = [
            run("a", at: 1_795_420_800, metres: 5000),  // 2026-11-23 (Mon) 00:00Z
            run("b", at: 1_795_500_000, metres: 3000),  // 2026-11-23 22:00Z
            run("c", at: 1_795_334_400, metres: 10000), // 2026-11-22 (Sun)
            run("d", at: 1_792_800_000, metres: 2000),  // 2026-10-24
        ]
        // When
        let totals = RunTotals(runs)
        // Then
        #expect(totals.weeks.map(\.period) == ["2026-W48", "2026-W47", "2026-W43"])
        #expect(totals.weeks[0].runs == 2)
        #expect(totals.weeks[0].figures.distanceMetres == 8000)
        #expect(totals.months.map(\.period) == ["2026-11", "2026-10"])
        #expect(totals.months[0].figures.distanceMetres == 18000)
        #expect(totals.months[0].figures.movingSeconds == 1770)
    }

    @Test func aRunCountsInTheWeekOfItsLocalDate() {
        // Given Sunday 2026-11-22 23:30Z, run where the clock said Monday 00:30 (UTC+1)
        let totals = RunTotals([run("a", at: 1_795_419_000, offset: 3600, metres: 1000)])
        #expect(totals.weeks.map(\.period) == ["2026-W48"])
    }
}

@Suite struct RunHistoryTests {
    private func run(_ id: String, day: Int, oneKilometre: Double) -> RunRecordSummary {
        RunRecordSummary(
            id: RunRecordID(id),
            header: RunRecordHeader(
                startedAt: Double(CivilDate(year: 2026, month: 11, day: day).daysSinceEpoch) * 86_400 + 3600,
                runner: RunnerProfile(name: "Ana", weightKilograms: 60), scenario: RecordedScenario(name: "park", path: "p")
            ),
            outcome: RunRecordOutcome(figures: RunFigures(distanceMetres: 1000), splits: [], ending: .goalReached),
            bests: PersonalBests(efforts: [.oneKilometre: BestEffort(movingSeconds: oneKilometre, startMetres: 0, runID: RunRecordID(id))])
        )
    }

    @Test func sinceFiltersEverythingAndLimitOnlyTheList() {
        // Given three runs, newest first; the oldest holds the fastest kilometre
        let runs = [run("c", day: 20, oneKilometre: 260), run("b", day: 10, oneKilometre: 250), run("a", day: 1, oneKilometre: 240)]
        // When
        let history = RunHistory(runs, since: CivilDate(year: 2026, month: 11, day: 5), limit: 1)
        // Then
        #expect(history.runs.map(\.id.rawValue) == ["c"])
        #expect(history.totals.months.first?.runs == 2)
        #expect(history.bests[.oneKilometre]?.runID == RunRecordID("b"))
        #expect(RunHistory(runs).bests[.oneKilometre]?.movingSeconds == 240)
    }

    @Test func aTieInBestsGoesToTheRunThatSetItFirst() {
        let runs = [run("new", day: 20, oneKilometre: 250), run("old", day: 1, oneKilometre: 250)]
        #expect(RunHistory(runs).bests[.oneKilometre]?.runID == RunRecordID("old"))
    }

    @Test func sinceAcceptsOnlyRealDates() {
        #expect(CivilDate(parsing: "2026-02-28") == CivilDate(year: 2026, month: 2, day: 28))
        for bad in ["2026-02-30", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01x", "", "２０２６-01-01"] {
            #expect(CivilDate(parsing: bad) == nil, "\(bad)")
        }
    }
}
