import MateRunDomain
import MateRunScenarios

/// A scenario's sensor track as a run record, so that `export SCENARIO` writes what the sensors
/// deliver (noise, jumps and lost signal included) rather than what a tracker made of it.
///
/// Each fix carries the cadence and heart rate last reported before it, and for TCX's DistanceMeters the raw
/// distance along the fixes so far; the track starts at `startedAt` (the export's wall time).
enum ScenarioTrack {
    static func record(_ scenario: Scenario, path: String, runner: RunnerProfile, startedAt: Double) -> RunRecord {
        var fixes: [RecordedFix] = []
        fixes.reserveCapacity(scenario.locations.count)
        var readings = ScenarioReadings(locations: scenario.locations, motions: scenario.motions)
        var metres = 0.0
        for sample in scenario.locations {
            readings.advance(to: sample.time)
            if let previous = fixes.last { metres += Geodesic.distance(from: previous.coordinate, to: sample.coordinate) }
            if let fix = readings.fix(at: sample.time, distanceMetres: metres, movingSeconds: sample.time) {
                fixes.append(fix)
            }
        }
        let duration = fixes.last?.time ?? 0
        let header = RunRecordHeader(
            startedAt: startedAt, runner: runner, scenario: RecordedScenario(name: scenario.name, path: path),
            goalMetres: scenario.goalMetres)
        let outcome = RunRecordOutcome(
            figures: RunFigures(elapsedSeconds: duration, movingSeconds: duration, distanceMetres: metres),
            splits: [], ending: .sensorsEnded)
        let summary = RunRecordSummary(id: RunRecordID("scenario"), header: header, outcome: outcome, bests: PersonalBests())
        return RunRecord(summary: summary, fixes: fixes)
    }
}
