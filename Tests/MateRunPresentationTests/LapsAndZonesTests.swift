import MateRunDomain
import MateRunPresentation
import Testing

@Suite("Laps the runner marks, and heart-rate zones, on the panel and in the result")
struct LapsAndZonesTests {
    let lap = Split(index: 1, distanceMetres: 360, movingSeconds: 139, endElapsedSeconds: 139, elevationGainMetres: 0)

    @Test func aMarkedLapShowsOnThePanel() {
        // Given a run under way; When the runner marks a lap
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: RunnerProfile(name: "Ana", weightKilograms: 60), goalMetres: 5000))
        viewModel.send(.event(.progress(Fixtures.midRun)))
        let state = viewModel.send(.event(.lap(lap)))
        // Then the panel has a lap line with its distance, time and pace
        #expect(state.lastLap == #"1  0.36 km  00:02:19  6'26"/km"#)
        let panel = TerminalRunView.render(state, width: 80, colour: false).joined(separator: "\n")
        #expect(panel.contains(#"Last lap  1  0.36 km  00:02:19  6'26"/km"#))
    }

    @Test func theResultListsTheLapsAndTheHeartRateWithItsZone() {
        // Given a stopped run with two laps, heart rate and cadence, for a runner whose maximum is 180
        let second = Split(index: 2, distanceMetres: 100, movingSeconds: 40, endElapsedSeconds: 179, elevationGainMetres: 2)
        let summary = RunSummary(
            snapshot: Fixtures.midRun, splits: [], ending: .stopped, laps: [lap, second],
            averageHeartRateBPM: 150.4, maximumHeartRateBPM: 171, averageCadenceSPM: 168.2)
        // When the result is drawn
        let result = ResultViewModel(summary: summary, profile: RunnerProfile(name: "Ana", weightKilograms: 60, maxHeartRateBPM: 180)).state
        let text = TerminalResultView.render(result, width: 80, colour: false).joined(separator: "\n")
        // Then it says how it ended, lists both laps, and the heart rate in zone 4 (150 of 180 is 83%)
        #expect(result.title == "Run stopped")
        #expect(result.laps.map(\.kilometre) == ["0.36", "0.10"])
        #expect(text.contains("── Laps"))
        #expect(result.lines.contains { $0.label == "Heart" && $0.value == "150 bpm Z4" })
        #expect(result.lines.contains { $0.label == "Max heart" && $0.value == "171 bpm" })
        #expect(result.lines.contains { $0.label == "Cadence" && $0.value == "168 spm" })
    }

    @Test(arguments: [(100.0, 1), (113.0, 1), (114.0, 2), (133.0, 3), (152.0, 4), (171.0, 5), (200.0, 5)] as [(Double, Int)])
    func zonesAreSharesOfTheMaximum(bpm: Double, zone: Int) {
        // 190 is the default maximum: 60% is 114, 70% 133, 80% 152, 90% 171
        #expect(HeartRateZones(maxBPM: nil).zone(of: bpm) == zone)
    }
}
