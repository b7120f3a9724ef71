@testable import MateRunApp
import MateRunDomain
import Testing

@Suite("The fix a kept run records at a moment of the run")
struct ScenarioReadingsTests {
    @Test func aFixTakesTheLatestPlaceWhatTheBodySensorsLastSaidAndTheRunsFigures() {
        // Given two fixes and a motion update between them
        var readings = ScenarioReadings(
            locations: [
                LocationSample(time: 59, coordinate: Coordinate(latitude: 1, longitude: 2), elevation: 3, horizontalAccuracy: 12),
                LocationSample(time: 62, coordinate: Coordinate(latitude: 5, longitude: 6)),
            ],
            motions: [MotionSample(time: 60, activity: .still, cadence: 0, heartRate: 150)])
        // When the run is at 61 s, 200 m and 58 s moving
        readings.advance(to: 61)
        let fix = readings.fix(at: 61, distanceMetres: 200, movingSeconds: 58)
        // Then it is the fix of 59 s, with the strap's 150 bpm and the sensor's "still"
        #expect(fix == RecordedFix(
            time: 61, coordinate: Coordinate(latitude: 1, longitude: 2), elevation: 3, heartRate: 150, cadence: 0,
            horizontalAccuracy: 12, activity: .still, distanceMetres: 200, movingSeconds: 58))
    }

    @Test func beforeTheFirstFixThereIsNothingToKeep() {
        var readings = ScenarioReadings(locations: [LocationSample(time: 5, coordinate: Coordinate(latitude: 1, longitude: 2))], motions: [])
        readings.advance(to: 4)
        #expect(readings.fix(at: 4, distanceMetres: 0, movingSeconds: 0) == nil)
    }
}
