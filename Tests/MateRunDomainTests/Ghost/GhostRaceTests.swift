import MateRunDomain
import Testing

/// A run raced against an earlier one: where the ghost is at the runner's moving time, the gaps,
/// and who won.
@Suite struct GhostRaceTests {
    /// A ghost that ran 1 km in 300 s at an even pace (one point a second), then stopped.
    private let even = GhostRun(
        source: "run A", points: (1...300).map { GhostRun.Point(movingSeconds: Double($0), distanceMetres: Double($0) * 1000 / 300) })!

    @Test func theGhostIsWhereItWasAtTheSameMovingTimeAndStaysAtItsFinish() {
        #expect(abs(even.distance(atMovingSeconds: 150) - 500) < 1e-9)
        #expect(abs(even.distance(atMovingSeconds: 150.5) - 501.666_666) < 1e-3)
        #expect(even.distance(atMovingSeconds: 0) == 0)
        #expect(even.distance(atMovingSeconds: 1000) == 1000)
        #expect(even.movingSeconds(atDistance: 1000) == 300)
        #expect(even.movingSeconds(atDistance: 1000.1) == nil)
    }

    @Test func aRunnerAheadHasPositiveGapsInMetresAndSeconds() {
        var race = GhostRace(ghost: even)
        // Given a runner at 600 m after 150 s (the ghost at 500 m, and at 600 m only at 180 s)
        let standing = race.standing(movingSeconds: 150, distanceMetres: 600)
        #expect(abs(standing.distanceMetres - 500) < 1e-9)
        #expect(abs(standing.gapMetres - 100) < 1e-9)
        #expect(abs(standing.gapSeconds! - 30) < 1e-9)
        #expect(!standing.ghostFinished)
    }

    @Test func aRunnerBehindHasNegativeGaps() {
        var race = GhostRace(ghost: even)
        let standing = race.standing(movingSeconds: 150, distanceMetres: 400)
        #expect(abs(standing.gapMetres + 100) < 1e-9)
        #expect(abs(standing.gapSeconds! + 30) < 1e-9)
    }

    @Test func pastTheGhostsFinishItStaysThereAndTheGapInSecondsIsUnknown() {
        var race = GhostRace(ghost: even)
        let standing = race.standing(movingSeconds: 400, distanceMetres: 1100)
        #expect(standing.distanceMetres == 1000)
        #expect(standing.gapSeconds == nil)
        #expect(standing.ghostFinished)
    }

    @Test func theSameRunAgainTies() {
        var race = GhostRace(ghost: even)
        for second in 1...300 { _ = race.standing(movingSeconds: Double(second), distanceMetres: Double(second) * 1000 / 300) }
        let result = race.result(movingSeconds: 300, distanceMetres: 1000)
        #expect(result?.outcome == .tied)
        #expect(result?.gapSeconds == 0)
        #expect(result?.ghostSeconds == 300)
    }

    @Test func aFasterRunWinsByTheDifferenceOfTheTimesAtTheGoal() {
        // Given a runner at an even 1 km in 280 s against the 300 s ghost
        var race = GhostRace(ghost: even)
        for second in 1...280 { _ = race.standing(movingSeconds: Double(second), distanceMetres: Double(second) * 1000 / 280) }
        // Then it won by 20 s
        let result = race.result(movingSeconds: 280, distanceMetres: 1000)
        #expect(result?.outcome == .won)
        #expect(abs(result!.gapSeconds - 20) < 1e-9)
        #expect(result?.distanceMetres == 1000)
    }

    @Test func aShorterRunIsComparedAtItsOwnDistance() {
        // Given a runner who stopped at 500 m after 160 s (the ghost was there at 150 s)
        var race = GhostRace(ghost: even)
        _ = race.standing(movingSeconds: 80, distanceMetres: 250)
        let result = race.result(movingSeconds: 160, distanceMetres: 500)
        #expect(result?.outcome == .lost)
        #expect(abs(result!.gapSeconds + 10) < 1e-9)
    }

    @Test func pointsThatGoBackOrAreNotFiniteAreLeftOutAndARunThatWentNowhereIsNoGhost() {
        let ghost = GhostRun(source: "x", points: [
            GhostRun.Point(movingSeconds: 10, distanceMetres: 30), GhostRun.Point(movingSeconds: 5, distanceMetres: 40),
            GhostRun.Point(movingSeconds: .nan, distanceMetres: 50), GhostRun.Point(movingSeconds: 20, distanceMetres: 60),
        ])
        #expect(ghost?.finish == GhostRun.Point(movingSeconds: 20, distanceMetres: 60))
        #expect(GhostRun(source: "x", points: [GhostRun.Point(movingSeconds: 10, distanceMetres: 0)]) == nil)
        #expect(GhostRun(source: "x", points: []) == nil)
    }
}
