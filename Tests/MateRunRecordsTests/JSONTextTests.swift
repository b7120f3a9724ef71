import Foundation
import MateRunDomain
import MateRunRecords
import Testing

@Suite struct JSONTextTests {
    @Test func stringsWithQuotesAndControlCharactersReadBackTheSame() throws {
        // Given a name no JSON writer may pass through raw
        let name = "Ana \"quick\" \\ tab\t newline\n bell\u{7} sep\u{2028} é"
        var object = JSONObjectText()
        object.add("name", name)
        object.add("missing", nil as Double?)
        object.add("nan", Double.nan)
        // When
        let parsed = try JSONSerialization.jsonObject(with: Data(object.finished.utf8)) as? [String: Any]
        // Then
        #expect(parsed?["name"] as? String == name)
        #expect(parsed?["missing"] is NSNull)
        #expect(parsed?["nan"] is NSNull)
    }

    @Test func aHistoryLineHasTheFieldsTheIssueNames() throws {
        let summary = RunRecordSummary(
            id: RunRecordID("x"), header: Runs.header(pairing: RecordedPairing(mode: .team, mateName: "Ben")),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 1000.1234, movingSeconds: 990, distanceMetres: 3000.456, caloriesKilocalories: 180),
                splits: [], ending: .endedByMate,
                mate: RecordedMateResult(result: .teamFinished, mateDistanceMetres: 2000, mateElapsedSeconds: 1000)
            ),
            bests: PersonalBests()
        )
        let line = try #require(try JSONSerialization.jsonObject(with: Data(RunRecordJSON.historyLine(summary).utf8)) as? [String: Any])
        for key in ["id", "started_at", "runner", "scenario", "distance_m", "elapsed_s", "moving_s", "calories_kcal", "avg_pace_s_per_km", "ending", "mate", "result"] {
            #expect(line[key] != nil, "missing \(key)")
        }
        #expect(line["started_at"] as? String == "2026-11-23T09:00:00+01:00")
        #expect(line["distance_m"] as? Double == 3000.46)
        #expect(line["result"] as? String == "team_finished")
        #expect(RunRecordJSON.bestsLine(PersonalBests()) == "{\"type\":\"bests\"}")
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
