import MateRunDomain
import MateRunJSON
import MateRunPresentation
import Testing

/// A kept run as the messages of its exported page: what a live viewer would have received, from
/// what the history keeps and nothing made up.
@Suite struct KeptRunEventsTests {
    /// Five fixes 100 s apart, 300 m each, the first kilometre's split ending at 340 s.
    static func record(
        runner: String = "Ann", pairing: RecordedPairing? = nil, mateProgress: [MateProgressPoint] = [],
        group: RecordedGroupResult? = nil
    ) -> RunRecord {
        let fixes: [RecordedFix] = (0..<5).map { (index: Int) -> RecordedFix in
            let step = Double(index)
            let latitude: Double = 51.5 + step * 0.0027
            return RecordedFix(
                time: step * 100, coordinate: Coordinate(latitude: latitude, longitude: -0.12), elevation: 20 + step,
                heartRate: 140, distanceMetres: step * 300, movingSeconds: step * 100)
        }
        let split = Split(index: 1, distanceMetres: 1000, movingSeconds: 340, endElapsedSeconds: 340, elevationGainMetres: 3)
        let summary = RunRecordSummary(
            id: RunRecordID("20261128-010000-1-abcd"),
            header: RunRecordHeader(
                startedAt: 1_795_827_600, runner: RunnerProfile(name: runner, weightKilograms: 60),
                scenario: RecordedScenario(name: "Park", path: "park.json"), pairing: pairing, goalMetres: 1200),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 400, movingSeconds: 400, distanceMetres: 1200, caloriesKilocalories: 80),
                splits: [split], ending: .goalReached, group: group),
            bests: PersonalBests())
        return RunRecord(summary: summary, fixes: fixes, mateProgress: mateProgress)
    }

    private func data(_ event: RunPageEvent) throws -> JSONObject {
        try #require(try JSONParser.parse(Array(event.data.utf8)).objectValue)
    }

    @Test func aKeptRunIsAHelloAProgressPerFixItsSplitsWhereTheyFellAndItsSummary() throws {
        // Given a kept solo run
        let record = Self.record()
        // When it becomes the page's messages
        let events = KeptRunEvents.events(record)
        // Then they come in the order a live viewer got them
        #expect(events.map(\.type) == ["hello", "progress", "progress", "progress", "progress", "split", "progress", "summary"])
        let hello = try data(events[0])
        #expect(hello["kind"] == .string("solo") && hello["runner"] == .string("Ann") && hello["mate"] == .null)
        #expect(hello["goal_m"]?.jsonText == "1200.0")
        // And a progress message has the fix's times, distance, position, elevation and heart rate
        let progress = try data(events[4])
        #expect(progress["elapsed_s"]?.jsonText == "300.0" && progress["moving_s"]?.jsonText == "300.0")
        #expect(progress["distance_m"]?.jsonText == "900.0" && progress["avg_pace_s_per_km"]?.jsonText == "333.3")
        #expect(progress["lat"]?.jsonText == "51.5081000" && progress["lon"]?.jsonText == "-0.1200000")
        #expect(progress["elevation_m"]?.jsonText == "23.0" && progress["heart_rate_bpm"]?.jsonText == "140")
        // but not the pace or calories of that moment, which the history does not keep
        #expect(progress["pace_s_per_km"] == nil && progress["calories_kcal"] == nil)
        // And the summary is the line `show --json` prints
        #expect(events.last?.data == KeptRunView.summaryLine(record.summary))
        #expect(try data(events[5])["index"]?.jsonText == "1")
    }

    @Test func aPairedRunsProgressCarriesTheMatesLatestKeptDistance() throws {
        // Given a race whose mate was last heard of at 150 s
        let record = Self.record(
            pairing: RecordedPairing(mode: .race, mateName: "Ben"),
            mateProgress: [MateProgressPoint(elapsedSeconds: 50, distanceMetres: 160), MateProgressPoint(elapsedSeconds: 150, distanceMetres: 480)])
        // When it becomes the page's messages
        let events = KeptRunEvents.events(record)
        let progress = try events.filter { $0.type == "progress" }.map(data)
        // Then the hello names the mate, and each progress has the mate's distance then (none before it was heard)
        let hello = try data(events[0])
        #expect(hello["kind"] == .string("mate") && hello["mode"] == .string("race") && hello["mate"] == .string("Ben"))
        #expect(progress[0]["mate"] == nil)
        #expect(progress[1]["mate"]?.objectValue?["distance_m"]?.jsonText == "160.0")
        #expect(progress[2]["mate"]?.objectValue?["distance_m"]?.jsonText == "480.0")
        #expect(progress[4]["mate"]?.objectValue?["name"] == .string("Ben"))
    }

    @Test func aGroupRunEndsWithItsBoardBeforeTheSummary() throws {
        // Given a group run kept with its result
        let group = RecordedGroupResult(place: 2, runners: 3, results: [
            .init(place: 1, name: "Cy", distanceMetres: 1200, elapsedSeconds: 380),
            .init(place: 2, name: "Ann", distanceMetres: 1200, elapsedSeconds: 400),
        ])
        let events = KeptRunEvents.events(Self.record(group: group))
        // Then the hello says group, and the last board has the kept places
        #expect(try data(events[0])["kind"] == .string("group"))
        #expect(events.suffix(2).map(\.type) == ["board", "summary"])
        let board = try data(events[events.count - 2])
        #expect(board["phase"] == .string("over") && board["runners"]?.jsonText == "3")
        guard case let .array(results) = board["results"] else { Issue.record("no results"); return }
        #expect(results.map { $0.objectValue?["name"] } == [.string("Cy"), .string("Ann")])
    }
}
