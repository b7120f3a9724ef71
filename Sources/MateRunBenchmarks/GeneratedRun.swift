import Foundation
import MateRunDomain
import MateRunTestSupport

/// A long synthetic run held in memory: 1 Hz fixes round a park loop with seeded GPS noise, and a
/// 1 Hz motion stream that says what the runner is doing.
///
/// The runner repeats a 30-minute block (warm-up walk, steady running, a faster stretch, a walk, a
/// 40 s stop that triggers auto-pause), so every branch of the core is exercised: Kalman filtering,
/// minimum steps, pace, calories by activity and grade, auto-pause and resume, splits, the odd
/// outlier (1 in 2,000 fixes) and a 30 s signal loss every 20,000 s. The same seed gives the same
/// run on every machine.
struct GeneratedRun: Sendable {
    let locations: [LocationSample]
    let motions: [MotionSample]
    let profile = RunnerProfile(name: "Bench", weightKilograms: 68)

    /// One leg of the repeating block: how long, how fast (m/s), and what the motion sensor says.
    private struct Leg {
        let seconds: Int
        let speed: Double
        let activity: Activity
    }

    private static let block: [Leg] = [
        Leg(seconds: 120, speed: 1.4, activity: .walking),
        Leg(seconds: 1_200, speed: 3.0, activity: .running),
        Leg(seconds: 240, speed: 3.8, activity: .running),
        Leg(seconds: 120, speed: 1.5, activity: .walking),
        Leg(seconds: 40, speed: 0, activity: .still),
        Leg(seconds: 80, speed: 2.8, activity: .running),
    ]

    /// Builds a run with exactly `fixes` location samples (and one motion sample per second).
    init(fixes: Int, seed: UInt64 = 2024) {
        var random = SplitMix64(seed: seed)
        var locations: [LocationSample] = []
        var motions: [MotionSample] = []
        locations.reserveCapacity(fixes)
        motions.reserveCapacity(fixes + fixes / 500)

        // A 5 km loop (radius ~800 m) by the Han river in Seoul, with a gentle wiggle and hills.
        let centre = (latitude: 37.5283, longitude: 126.9327)
        let metresPerDegreeLatitude = 110_996.0
        let metresPerDegreeLongitude = 88_300.0
        let radius = 800.0
        var along = 0.0
        var second = 0
        var legIndex = 0
        var legLeft = Self.block[0].seconds

        while locations.count < fixes {
            let leg = Self.block[legIndex]
            let time = Double(second)
            motions.append(MotionSample(
                time: time, activity: leg.activity, cadence: leg.speed > 2 ? 170 : leg.speed > 0 ? 110 : nil))

            let inSignalLoss = second % 20_000 >= 19_970
            if !inSignalLoss {
                let angle = along / radius
                let wiggle = 25 * sin(angle * 7)
                let east = (radius + wiggle) * cos(angle)
                let north = (radius + wiggle) * sin(angle)
                let elevation = 20 + 9 * sin(angle * 3) + 0.3 * random.nextGaussian()
                var accuracy = 4 + 4 * random.nextUnit()
                var noise = 3.0
                if random.next() % 2_000 == 0 {
                    noise = 80
                    accuracy = 30
                }
                let noisyEast = east + noise * random.nextGaussian()
                let noisyNorth = north + noise * random.nextGaussian()
                locations.append(LocationSample(
                    time: time,
                    coordinate: Coordinate(
                        latitude: centre.latitude + noisyNorth / metresPerDegreeLatitude,
                        longitude: centre.longitude + noisyEast / metresPerDegreeLongitude),
                    elevation: elevation, horizontalAccuracy: accuracy))
            }

            along += leg.speed * (1 + 0.05 * random.nextGaussian())
            second += 1
            legLeft -= 1
            if legLeft == 0 {
                legIndex = (legIndex + 1) % Self.block.count
                legLeft = Self.block[legIndex].seconds
            }
        }
        self.locations = locations
        self.motions = motions
    }

    /// Fixes plus motion samples: every reading the core consumes.
    var readings: Int { locations.count + motions.count }
}
