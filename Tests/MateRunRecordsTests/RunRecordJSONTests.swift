import MateRunDomain
import MateRunJSON
import MateRunRecords
import Testing

@Suite struct RunRecordJSONTests {
    @Test func aHistoryLineHasTheFieldsTheIssueNames() throws {
        // Given a paired run
        let summary = RunRecordSummary(
            id: RunRecordID("x"), header: Runs.header(pairing: RecordedPairing(mode: .team, mateName: "Ben")),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 1000.1234, movingSeconds: 990, distanceMetres: 3000.456, caloriesKilocalories: 180),
                splits: [], ending: .endedByMate,
                mate: RecordedMateResult(result: .teamFinished, mateDistanceMetres: 2000, mateElapsedSeconds: 1000)
            ),
            bests: PersonalBests()
        )
        // When
        let line = try #require(try JSONParser.parse(Array(RunRecordJSON.historyLine(summary).utf8)).objectValue)
        // Then
        for key in ["id", "started_at", "runner", "scenario", "distance_m", "elapsed_s", "moving_s", "calories_kcal", "avg_pace_s_per_km", "ending", "mate", "result"] {
            #expect(line[key] != nil, "missing \(key)")
        }
        #expect(line["started_at"] == .string("2026-11-23T09:00:00+01:00"))
        #expect(line["distance_m"] == .number(JSONNumber(literal: "3000.46", isIntegerLiteral: false)))
        #expect(line["result"] == .string("team_finished"))
        #expect(RunRecordJSON.bestsLine(PersonalBests()) == "{\"type\":\"bests\"}")
    }

    @Test func aPairedRunFileReadsBackWithEveryFigureOfTheResult() throws {
        // Given a race lost to a mate whose figures were refused, with a split and bests
        let summary = RunRecordSummary(
            id: RunRecordID("20261123-090000-1-abcd"), header: Runs.header(pairing: RecordedPairing(mode: .race, mateName: "Ben")),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 1000.123456789, movingSeconds: 990.5, distanceMetres: 3000.456, caloriesKilocalories: 180.25, elevationGainMetres: 12.5),
                splits: [Split(index: 1, distanceMetres: 1000, movingSeconds: 301.25, endElapsedSeconds: 305, elevationGainMetres: 3.5)],
                ending: .goalReached,
                mate: RecordedMateResult(
                    result: .mateImplausible, mateDistanceMetres: 2000.5, mateElapsedSeconds: 999.75, winner: .host,
                    ownSharePercent: 61.5, resultReason: "faster than a runner", mateFinal: false, mateConnected: false)
            ),
            bests: PersonalBests(efforts: [.oneKilometre: BestEffort(movingSeconds: 290.125, startMetres: 1500.5, runID: RunRecordID("20261123-090000-1-abcd"))])
        )
        // When
        let (read, fixes) = try RunRecordJSON.summary(from: Array(RunRecordJSON.runFile(summary, fixCount: 7).utf8), place: "run.json")
        // Then every digit and every word comes back, but the splits, which live in the journal
        var listed = summary
        listed.outcome.splits = []
        #expect(read == listed)
        #expect(fixes == 7)
    }

    /// `sensors_ended`: a replay's, and what a live run its receiver ended was kept as before.
    @Test(arguments: [RunRecordEnding.receiverEnded, .sensorsEnded])
    func aRunFileReadsBackWithItsEnding(ending: RunRecordEnding) throws {
        // Given a kept run that ended this way
        let summary = RunRecordSummary(
            id: RunRecordID("20261128-010000-1-abcd"), header: Runs.header(),
            outcome: RunRecordOutcome(figures: RunFigures(distanceMetres: 1200), splits: [], ending: ending),
            bests: PersonalBests())
        // When its file is written and read
        let file = RunRecordJSON.runFile(summary, fixCount: 1)
        let (read, _) = try RunRecordJSON.summary(from: Array(file.utf8), place: "run.json")
        // Then the ending is the one kept, under its name
        #expect(file.contains("\"ending\":\"\(ending.rawValue)\""))
        #expect(read.outcome.ending == ending)
    }

    @Test func aFigureThatIsNotANumberIsReportedByFieldNotCrashedOn() {
        // Given a summary whose distance could not be written as JSON (NaN becomes null)
        let summary = RunRecordSummary(
            id: RunRecordID("20261123-090000-1-abcd"), header: Runs.header(),
            outcome: RunRecordOutcome(figures: RunFigures(distanceMetres: .nan), splits: [], ending: .sensorsEnded),
            bests: PersonalBests()
        )
        let bytes = Array(RunRecordJSON.runFile(summary, fixCount: 0).utf8)
        // When / Then
        #expect(throws: RecordFormatError(place: "run.json \"distance_m\"", expected: "a number within ±1e12")) {
            try RunRecordJSON.summary(from: bytes, place: "run.json")
        }
    }

    @Test func brokenJSONIsReportedWithItsLineAndColumn() {
        #expect(throws: RecordFormatError(place: "run.json line 1, column 12", problem: "expected a value, found '}'")) {
            try RunRecordJSON.summary(from: Array("{\"format\": }".utf8), place: "run.json")
        }
    }
}

@Suite struct StoredTextTests {
    @Test func namesWithEscapesAndAnyScriptComeBackFromTheStoreUnchanged() throws {
        // Given a runner and a scenario whose names need escaping in JSON
        let temporary = TemporaryStore()
        let header = Runs.header(runner: "Zoë \"Z\" \\ 🏃\u{1} 跑", scenario: "park\n/ride\t\u{2028}")
        // When
        let kept = try Runs.keep(Array(Runs.threeKilometres.prefix(3)), in: temporary.store, header: header)
        // Then
        #expect(temporary.store.list().runs == [kept])
        #expect(try temporary.store.load(kept.id).summary.header == header)
    }

    @Test func aDeeplyNestedOrTruncatedSummaryIsAProblemNotACrash() throws {
        let temporary = TemporaryStore()
        try temporary.write(String(repeating: "[", count: 100_000), to: "20260101-000000-1-dddd/run.json")
        try temporary.write("{\"format\":\"materun-run\",\"id\":\"\\ud800\"}", to: "20260101-000000-1-eeee/run.json")
        let listing = temporary.store.list()
        #expect(listing.runs.isEmpty)
        #expect(listing.problems.count == 2)
    }
}
