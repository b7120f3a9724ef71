import MateRunDomain
import MateRunTestSupport
import Testing

/// The same fixes make the same run whatever delivered them: a scenario whose motion sensor says
/// what the runner did, a file with positions and times alone (whose motion updates are guessed
/// leg by leg, as `MotionTimeline` does), and gpsd at a receiver's pace or 50 times faster (fixes
/// without an activity, a guessed motion tick on the run clock). Calories through gpsd read 10%
/// low on `easy-5k` (261.8 kcal against 291.5): a steady runner at 6:25/km with 3 m of noise has
/// legs between fixes on both sides of the walking speed, and each leg guessed a walk was priced
/// at half a run's cost.
@Suite struct GaitFromFixesTests {
    private let profile = RunnerProfile(name: "Mina", weightKilograms: 58)

    /// How the fixes reach the session.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case toldByMotionSensor, fileWithoutMotionData, gpsdAtOneX, gpsdAtFiftyX
        var testDescription: String { rawValue }
    }

    /// A 5 km square loop of 500 m sides at `speed` m/s, 3 m of noise a fix.
    private func generator(speed: Double) -> TrackGenerator {
        var generator = TrackGenerator(noise: 3, seed: 42)
        for side in 0..<10 {
            if side > 0 { generator.turn(by: 90) }
            generator.run(metres: 500, speed: speed)
        }
        return generator
    }

    /// The run `fixes` make as `source` delivers them, with `told` as the motion sensor's word.
    private func run(_ fixes: [LocationSample], told: Activity, from source: Source) -> RunSummary {
        var session = RunSession(profile: profile, goalMetres: nil)
        let guessed = zip(fixes, fixes.dropFirst()).map { from, to in
            Activity.inferred(fromSpeed: Geodesic.distance(from: from.coordinate, to: to.coordinate) / (to.time - from.time))
        }
        for (index, fix) in fixes.enumerated() {
            let leg = guessed[min(index, guessed.count - 1)]
            switch source {
            case .toldByMotionSensor:
                session.record(fix)
                session.record(MotionSample(time: fix.time, activity: told))
            case .fileWithoutMotionData:
                session.record(fix)
                session.record(MotionSample(time: fix.time, activity: leg, activityIsInferred: true))
            case .gpsdAtOneX:
                session.record(fix)
                session.record(MotionSample(time: fix.time, activity: guessed[max(index - 1, 0)], activityIsInferred: true))
            case .gpsdAtFiftyX:
                session.record(fix)
                if index % 50 == 49 {
                    session.record(MotionSample(time: fix.time, activity: guessed[max(index - 1, 0)], activityIsInferred: true))
                }
            }
        }
        return session.finish(.sensorsEnded, at: fixes.last?.time ?? 0)
    }

    @Test(arguments: Source.allCases)
    func aSteadyRunnerNearTheWalkingSpeedIsPricedAsTheMotionSensorSaysFromEverySource(source: Source) {
        // Given 5 km at 6:25/km (2.6 m/s) with 3 m of noise, whose legs between fixes often look
        // like a walk
        let fixes = generator(speed: 2.6).samples
        let legSpeeds = zip(fixes, fixes.dropFirst()).map { Geodesic.distance(from: $0.coordinate, to: $1.coordinate) }
        #expect(legSpeeds.filter { $0 < Activity.walkingBelowSpeed }.count > fixes.count / 10)
        // When the run is tracked from `source`, and from the scenario whose sensor said running
        let told = run(fixes, told: .running, from: .toldByMotionSensor)
        let tracked = run(fixes, told: .running, from: source)
        // Then its distance, moving time and calories are the told run's within 1%
        #expect(told.snapshot.caloriesKilocalories > 280)
        for (figure, value, reference) in [
            ("distance", tracked.snapshot.distanceMetres, told.snapshot.distanceMetres),
            ("moving time", tracked.snapshot.movingSeconds, told.snapshot.movingSeconds),
            ("calories", tracked.snapshot.caloriesKilocalories, told.snapshot.caloriesKilocalories),
        ] as [(String, Double, Double)] {
            #expect(abs(value - reference) <= reference * 0.01, "\(figure): \(value) against \(reference)")
        }
    }

    @Test(arguments: [Source.fileWithoutMotionData, .gpsdAtFiftyX])
    func aWalkerKnownOnlyFromFixesIsStillPricedAsAWalk(source: Source) {
        // Given 5 km walked at 1.4 m/s with 3 m of noise
        let fixes = generator(speed: 1.4).samples
        // When it is tracked from fixes alone, and from a sensor that said walking
        let told = run(fixes, told: .walking, from: .toldByMotionSensor)
        let tracked = run(fixes, told: .walking, from: source)
        // Then its calories are the walk's within 1%, not a run's
        #expect(abs(tracked.snapshot.caloriesKilocalories - told.snapshot.caloriesKilocalories)
            <= told.snapshot.caloriesKilocalories * 0.01)
    }
}
