import MateRunDomain
import MateRunRecords
import Testing

@Suite("Laps the runner marked go out in GPX and TCX")
struct LapExportTests {
    /// The 3 km run with laps marked by the key at 1.2 km (360 s) and 2.1 km (630 s), and the rest
    /// (0.9 km) closed as the last lap when the run ended.
    static func run() -> RunRecord {
        let fixes = Runs.threeKilometres
        let last = Runs.snapshot(for: fixes[fixes.count - 1])
        let laps = [
            Split(index: 1, distanceMetres: 1200, movingSeconds: 360, endElapsedSeconds: 360, elevationGainMetres: 12),
            Split(index: 2, distanceMetres: 900, movingSeconds: 270, endElapsedSeconds: 630, elevationGainMetres: 9),
            Split(index: 3, distanceMetres: 900, movingSeconds: 270, endElapsedSeconds: 900, elevationGainMetres: 9),
        ]
        let outcome = RunRecordOutcome(
            figures: RunFigures(last), splits: Runs.splits(fixes), ending: .stopped, laps: laps)
        let summary = RunRecordSummary(
            id: RunRecordID("20261123-080000-1-abcd"), header: Runs.header(), outcome: outcome, bests: PersonalBests(track: fixes))
        return RunRecord(summary: summary, fixes: fixes)
    }

    @Test func tcxLapsAreTheRunnersNumberedAndManual() throws {
        // Given a run with three laps the runner marked
        // When it is exported as TCX
        let document = try XMLDocumentSummary(TCXExport.document(Self.run()))
        // Then the laps are the runner's, not the kilometre splits: Manual, numbered, their distances
        #expect(document.count("Lap") == 3)
        #expect(document.texts("TriggerMethod") == ["Manual", "Manual", "Manual"])
        #expect(document.texts("Notes").prefix(3) == ["Lap 1", "Lap 2", "Lap 3"])
        #expect(document.texts("TotalTimeSeconds") == ["360", "270", "270"])
        #expect(document.count("Trackpoint") == Runs.threeKilometres.count)
    }

    @Test func gpxMarksEachLapWithANumberedWaypointWhereItEnded() throws {
        // Given the same run
        let run = Self.run()
        // When it is exported as GPX
        let document = try XMLDocumentSummary(GPXExport.document(run))
        // Then a waypoint per lap, named by its number, stands where and when the lap ended
        #expect(document.texts("name").filter { $0.hasPrefix("Lap ") } == ["Lap 1", "Lap 2", "Lap 3"])
        let latitudes = document.attributes("wpt").compactMap { $0["lat"].flatMap(Double.init) }
        let expected = [360, 630, 900].map { run.fixes[$0].coordinate.latitude }
        #expect(latitudes.count == 3)
        for (latitude, truth) in zip(latitudes, expected) { #expect(abs(latitude - truth) < 1e-8) }
        #expect(document.texts("type").contains("lap"))
    }

    @Test func aRunWithoutMarkedLapsKeepsItsSplitsAsLapsAndNoWaypoints() throws {
        // Given a run without laps marked
        var run = Self.run()
        run.summary.outcome.laps = []
        // When it is exported
        let tcx = try XMLDocumentSummary(TCXExport.document(run))
        let gpx = try XMLDocumentSummary(GPXExport.document(run))
        // Then TCX has a lap per kilometre split, and GPX no waypoint
        #expect(tcx.texts("TriggerMethod") == ["Distance", "Distance", "Distance"])
        #expect(gpx.count("wpt") == 0)
    }
}
