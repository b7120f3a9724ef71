import MateRunDomain
import MateRunPresentation
import Testing

/// `history` and `show` drawn from kept runs: what each line says, endings the tracker has no
/// word for, and names from the store made safe to print.
@Suite struct KeptRunViewTests {
    private func run(
        _ id: String, runner: String = "Ana", ending: RunRecordEnding = .goalReached, pairing: RecordedPairing? = nil,
        mate: RecordedMateResult? = nil, bests: PersonalBests = PersonalBests(), startedAt: Double = 1_795_420_800,
        keptAt: Double? = nil
    ) -> RunRecordSummary {
        RunRecordSummary(
            id: RunRecordID(id),
            header: RunRecordHeader(
                startedAt: startedAt, utcOffsetSeconds: 3600, runner: RunnerProfile(name: runner, weightKilograms: 60),
                scenario: RecordedScenario(name: "Park 5K", path: "park.json"), pairing: pairing, goalMetres: 5000,
                keptAt: keptAt),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 1500, movingSeconds: 1490, distanceMetres: 5000, caloriesKilocalories: 300),
                splits: [], ending: ending, mate: mate),
            bests: bests)
    }

    @Test func aHistoryLineSaysHowTheRunEndedOrTheMatesResult() {
        // Given a lost race, an interrupted run and a run whose runner's name carries an escape
        let race = run("20261123-090000-1-aaaa", pairing: RecordedPairing(mode: .race, mateName: "Ben"),
                       mate: RecordedMateResult(result: .lost, mateDistanceMetres: 5000, mateElapsedSeconds: 1400))
        let killed = run("20261123-080000-1-bbbb", ending: .interrupted)
        let hostile = run("20261123-070000-1-cccc", runner: "Eve\u{1B}[2J")
        // When history is drawn
        let lines = HistoryView.lines(RunHistory([race, killed, hostile]))
        // Then each line says it, named by the start of its id
        #expect(lines.contains { $0.contains("20261123-090000 ") && $0.contains("race with Ben: lost") })
        #expect(lines.contains { $0.contains("20261123-080000 ") && $0.contains("interrupted (materun was killed)") })
        #expect(lines.contains { $0.contains("Eve[2J") })
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func historySaysHowItSortsAndThatLatestIsTheRunKeptLastWhateverItsDate() {
        // Given a run of today, and a file from 2024 replayed (and kept) after it
        let today = run("20261123-090000-1-aaaa", startedAt: 1_795_420_800, keptAt: 1_795_420_800)
        let file = run("20261123-100000-1-bbbb", startedAt: 1_715_000_000, keptAt: 1_795_424_400)
        // When history is drawn (newest first by when each ran, as the store lists them)
        let lines = HistoryView.lines(RunHistory([today, file]))
        // Then the file's run is listed second, and named as latest
        #expect(lines.firstIndex { $0.hasPrefix("  20261123-090000") }! < lines.firstIndex { $0.hasPrefix("  20261123-100000") }!)
        #expect(lines.contains("Newest first, by when each run ended; latest (kept most recently) is 20261123-100000."))
    }

    @Test func aRunKeptBeforeKeepingTimesWereRecordedCountsAsKeptWhenItEnded() {
        // Given an old run without a kept time, ending at 1_795_420_800 + 1500, and one kept an hour later
        let old = run("20261123-090000-1-aaaa")
        let newer = run("20261123-100000-1-bbbb", startedAt: 1_715_000_000, keptAt: 1_795_424_400)
        // Then latest is the newer, in either order; and alone, the old one
        #expect(RunHistory.latest(in: [old, newer])?.id == newer.id)
        #expect(RunHistory.latest(in: [newer, old])?.id == newer.id)
        #expect(RunHistory.latest(in: [old])?.id == old.id)
        #expect(old.keptAt == 1_795_420_800 + 1500)
    }

    @Test func aKeptRunsSummaryLineEndsWithItsID() {
        let line = KeptRunView.summaryLine(run("20261123-090000-1-aaaa"))
        #expect(line.hasPrefix("{\"type\":\"summary\""))
        #expect(line.hasSuffix(",\"run_id\":\"20261123-090000-1-aaaa\"}"))
    }

    @Test func aRunTheReceiverEndedIsListedAndShownAsSuchAndAReplaysEndingIsUnchanged() {
        // Given a live run its receiver ended, and a replay whose scenario ran out
        let live = run("20261123-100000-1-dddd", ending: .receiverEnded)
        let replay = run("20261123-090000-1-eeee", ending: .sensorsEnded)
        // When history and show draw them
        let lines = HistoryView.lines(RunHistory([live, replay]))
        // Then the live run says the receiver ended it, and the replay still that its scenario did
        #expect(lines.contains { $0.contains("20261123-100000 ") && $0.contains("ended by the receiver") })
        #expect(lines.contains { $0.contains("20261123-090000 ") && $0.contains("scenario ended") })
        #expect(KeptRunView.summaryLine(live).contains("\"ending\":\"receiver_ended\""))
        #expect(KeptRunView.summaryLine(replay).contains("\"ending\":\"sensors_ended\""))
        #expect(KeptRunView.lines(RunRecord(summary: live, fixes: []), width: 80, colour: false, charts: false)
            .contains { $0.contains("ended by the receiver") })
    }

    @Test func aBestSaysWhereItWasRun() {
        let id = RunRecordID("20261123-090000-1-aaaa")
        let best = PersonalBests(efforts: [.oneKilometre: BestEffort(movingSeconds: 270, startMetres: 2000, runID: id)])
        let lines = HistoryView.lines(RunHistory([run(id.rawValue, bests: best)]))
        #expect(lines.contains("  1 km          00:04:30  4'30\"/km  from 2.00 km of Park 5K, 20261123-090000"))
        #expect(lines.contains("  marathon      -"))
    }

    @Test func anInterruptedRunIsShownAsInterrupted() {
        let killed = run("20261123-080000-1-bbbb", ending: .interrupted)
        #expect(KeptRunView.lines(RunRecord(summary: killed, fixes: []), width: 80, colour: false, charts: false).first?.contains("Run interrupted") == true)
        #expect(KeptRunView.summaryLine(killed).contains("\"ending\":\"interrupted\""))
    }

    @Test func showDrawsTheRouteAndChartsFromTheKeptTrack() {
        // Given a kept run with a track of a fix a second
        let fixes = (0...300).map { (second: Int) -> RecordedFix in
            let time = Double(second)
            let place = Coordinate(latitude: 47 + time * 3e-5, longitude: 8 + Double(second % 50) * 1e-5)
            return RecordedFix(
                time: time, coordinate: place, elevation: 400 + Double(second % 30), distanceMetres: time * 3.3, movingSeconds: time)
        }
        let record = RunRecord(summary: run("20261123-090000-1-aaaa"), fixes: fixes)
        // When it is shown with charts, and without
        let charted = KeptRunView.lines(record, width: 80, colour: false, charts: true).joined(separator: "\n")
        let plain = KeptRunView.lines(record, width: 80, colour: false, charts: false).joined(separator: "\n")
        // Then the map and the elevation come from the kept fixes, and only when asked for
        #expect(charted.contains("Route") && charted.contains("Elevation"))
        #expect(!plain.contains("Route"))
    }

    @Test func shortIDsGrowOnlyWhereTwoRunsStartedInTheSameSecond() {
        let ids = ["20261123-090000-11-aaaa", "20261123-090000-12-bbbb", "20261123-080000-1-cccc"].map(RunRecordID.init)
        let short = RunRecordID.shortestUniquePrefixes(of: ids)
        #expect(short[ids[0]] == "20261123-090000-11")
        #expect(short[ids[1]] == "20261123-090000-12")
        #expect(short[ids[2]] == "20261123-080000")
    }
}
