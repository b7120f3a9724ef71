import MateRunDomain
import Testing

@Suite("ACSM calorie model")
struct CalorieModelTests {
    /// Compendium of Physical Activities (2011) METs at steady speeds on the level:
    /// walking 17190 (3.0 mph) 3.5, 17200 (3.5 mph) 4.3; running 12030 (5 mph) 8.3,
    /// 12050 (6 mph) 9.8, 12070 (7 mph) 11.0. (mph, activity, MET)
    static let compendium: [(Double, Activity, Double)] = [
        (3.0, .walking, 3.5), (3.5, .walking, 4.3),
        (5.0, .running, 8.3), (6.0, .running, 9.8), (7.0, .running, 11.0),
    ]

    @Test("agrees with the Compendium within 15% at steady speeds", arguments: compendium)
    func agreesWithCompendium(row: (Double, Activity, Double)) {
        // Given a steady level speed and the Compendium's MET for it
        let (mph, activity, published) = row
        // When the ACSM equation gives the METs
        let mets = CalorieModel.mets(speed: mph * 1609.344 / 3600, grade: 0, activity: activity)
        // Then they agree within 15%
        #expect(abs(mets - published) / published < 0.15, "ACSM \(mets) MET, Compendium \(published)")
    }

    @Test func oneHourAtTenKilometresAnHourBurnsSevenHundredNetKilocaloriesAtSeventyKilograms() {
        // Given 10 km/h on the level: VO2 = 0.2 × 166.7 + 3.5 = 36.8 mL/kg/min, net 33.3
        // When 70 kg runs it for an hour
        let kcal = CalorieModel.netKilocalories(
            speed: 10_000.0 / 3600, grade: 0, activity: .running, weightKilograms: 70, seconds: 3600)
        // Then net energy is 33.33 × 70 / 200 × 60 = 700 kcal
        #expect(abs(kcal - 700) < 0.01)
    }

    @Test func climbingCostsMoreThanTheLevelAndDescendingCountsAsLevel() {
        let level = CalorieModel.oxygenUptake(speed: 3, grade: 0, activity: .running)
        let uphill = CalorieModel.oxygenUptake(speed: 3, grade: 0.05, activity: .running)
        let downhill = CalorieModel.oxygenUptake(speed: 3, grade: -0.05, activity: .running)
        #expect(uphill == level + 0.9 * 180 * 0.05)
        #expect(downhill == level)
    }

    @Test func standingStillBurnsNoExerciseCalories() {
        let kcal = CalorieModel.netKilocalories(speed: 0, grade: 0, activity: .still, weightKilograms: 80, seconds: 600)
        #expect(kcal == 0)
    }

    @Test func unknownActivityIsInferredFromSpeed() {
        #expect(CalorieModel.inferredActivity(speed: 1.4) == .walking)
        #expect(CalorieModel.inferredActivity(speed: 3.0) == .running)
    }
}
