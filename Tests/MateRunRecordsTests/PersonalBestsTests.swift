import MateRunDomain
import Testing

@Suite struct PersonalBestsTests {
    @Test func aSteadyRunHasBestsAtItsPace() {
        // Given 6 km at exactly 300 s/km, a point every 10 m
        let track = Track.steady(metres: 6000, secondsPerKilometre: 300, step: 10)
        // When
        let bests = PersonalBests(track: track)
        // Then
        #expect(abs((bests[.oneKilometre]?.movingSeconds ?? 0) - 300) < 1e-6)
        #expect(abs((bests[.fiveKilometres]?.movingSeconds ?? 0) - 1500) < 1e-6)
        #expect(bests[.tenKilometres] == nil)
    }
}

/// Tracks with known answers.
enum Track {
    static func steady(metres: Double, secondsPerKilometre: Double, step: Double) -> [RecordedFix] {
        stride(from: 0.0, through: metres, by: step).map { fix(distance: $0, moving: $0 * secondsPerKilometre / 1000) }
    }

    static func fix(distance: Double, moving: Double, time: Double? = nil) -> RecordedFix {
        RecordedFix(
            time: time ?? moving, coordinate: Coordinate(latitude: 47, longitude: 8 + distance / 76_000),
            distanceMetres: distance, movingSeconds: moving
        )
    }
}
