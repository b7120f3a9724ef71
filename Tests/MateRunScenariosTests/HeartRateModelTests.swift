import MateRunDomain
@testable import MateRunScenarios
import Testing

@Suite("A scripted runner's heart rate")
struct HeartRateModelTests {
    let fixtures = Fixtures()
    let model = HeartRateModel(restingBPM: 50, maxBPM: 190, driftPerHour: 0)

    @Test func itClimbsTowardTheSegmentsSteadyStateWithALagAndFallsBackMoreSlowly() {
        // Given 5 min hard running (a named 170 bpm) then 5 min standing
        let hard = ScriptedSegment(activity: .running, speed: 4, durationSeconds: 300, heartRateBPM: 170)
        let rest = ScriptedSegment(activity: .still, speed: 0, durationSeconds: 300)
        // When simulated
        let beats = model.beats(for: [hard, rest])
        // Then it starts at rest, is within 2 bpm of 170 after 3 min, and 30 s into the rest has
        // fallen less than it rose in the first 30 s
        #expect(beats[0] == 50)
        #expect(abs(beats[180] - 170) <= 2)
        let rise = beats[30] - beats[0], fall = beats[299] - beats[329]
        #expect(rise > fall && fall > 0, "rose \(rise), fell \(fall)")
        #expect(beats.allSatisfy { $0 == $0.rounded() })
    }

    @Test func fasterRunningSettlesHigherAndDriftAddsOverAnHour() {
        // Given an easy and a fast hour, and the easy one with 6 bpm/h drift
        let easy = [ScriptedSegment(activity: .running, speed: 2.8, durationSeconds: 3600)]
        let fast = [ScriptedSegment(activity: .running, speed: 4.2, durationSeconds: 3600)]
        var drifting = model
        drifting.driftPerHour = 6
        // When simulated
        let easyEnd = model.beats(for: easy).last ?? 0, fastEnd = model.beats(for: fast).last ?? 0
        let driftEnd = drifting.beats(for: easy).last ?? 0
        // Then
        #expect(fastEnd > easyEnd + 10)
        #expect(abs(driftEnd - easyEnd - 6) <= 1)
    }

    @Test func aScenarioWithoutAHeartRateSensorHasNoHeartRate() throws {
        let scenario = try fixtures.load(json: Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 60}]"#))
        #expect(scenario.motions.allSatisfy { $0.heartRate == nil })
    }

    @Test func aScenarioWithAHeartRateSensorCarriesItOnEveryMotionSample() throws {
        // Given a scripted scenario with a strap, the runner's maximum, and a named segment rate
        let json = Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 600, "heart_rate": 150}]"#)
            .replacingOccurrences(of: #""weight_kg": 60}"#, with: #""weight_kg": 60, "max_heart_rate": 185}, "heart_rate": {"resting": 48}"#)
        // When it loads
        let scenario = try fixtures.load(json: json)
        // Then every second has a heart rate, settling at the named 150
        #expect(scenario.motions.allSatisfy { $0.heartRate != nil })
        #expect(scenario.motions.last?.heartRate == 150)
        #expect(scenario.runner?.maxHeartRateBPM == 185)
    }

    @Test(arguments: [
        (#""heart_rate": {"resting": 10},"#, "heart_rate.resting", "expected a resting heart rate in beats per minute"),
        (#""heart_rate": {"resting": 50, "pulse": 1},"#, "heart_rate.pulse", "unknown field; expected one of resting, drift_per_hour"),
    ] as [(String, String, String)])
    func aBrokenHeartRateFieldIsNamed(field: String, place: String, message: String) {
        let json = Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 60}]"#)
            .replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, \#(field)"#)
        let error = fixtures.error(json)
        #expect(error?.place == place, "got \(error?.description ?? "no error")")
        #expect(error?.expected.contains(message) == true, "got \(error?.description ?? "no error")")
    }

    @Test func aRestingRateNearTheRunnersMaximumIsRefused() {
        let json = Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 60}]"#)
            .replacingOccurrences(of: #""weight_kg": 60}"#, with: #""weight_kg": 60, "max_heart_rate": 125}, "heart_rate": {"resting": 110}"#)
        let error = fixtures.error(json)
        #expect(error?.place == "heart_rate.resting")
        #expect(error?.expected == "expected a resting heart rate well below the maximum (125), found 110")
    }
}
