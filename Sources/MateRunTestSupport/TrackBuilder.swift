import MateRunDomain
import Foundation

/// Builds synthetic tracks for tests: straight legs at a steady speed, with optional seeded noise.
package struct TrackBuilder {
    package private(set) var samples: [LocationSample] = []
    package private(set) var motions: [MotionSample] = []
    private var position: Coordinate
    private var time: Double
    private var random: SplitMix64

    /// Metres per degree of latitude near the equator-to-mid latitudes used in tests (WGS84, ~45°).
    private static let metresPerDegreeLatitude = 111_132.954

    package init(start: Coordinate = Coordinate(latitude: 45, longitude: 7), seed: UInt64 = 1) {
        position = start
        time = 0
        random = SplitMix64(seed: seed)
        samples.append(LocationSample(time: 0, coordinate: start, elevation: 0, horizontalAccuracy: 5))
    }

    /// Runs due north at `speed` m/s for `seconds`, one fix a second, each fix displaced by
    /// Gaussian noise of `noise` metres per axis.
    package mutating func north(speed: Double, seconds: Int, noise: Double = 0, activity: Activity? = nil) {
        for _ in 0..<seconds {
            time += 1
            position.latitude += speed / Self.metresPerDegreeLatitude
            if let activity { motions.append(MotionSample(time: time, activity: activity)) }
            samples.append(LocationSample(time: time, coordinate: displaced(position, by: noise),
                                          elevation: 0, horizontalAccuracy: max(noise, 3)))
        }
    }

    /// Stands still for `seconds`, fixes scattered by `noise` metres per axis.
    package mutating func stand(seconds: Int, noise: Double = 0, activity: Activity? = nil) {
        north(speed: 0, seconds: seconds, noise: noise, activity: activity)
    }

    /// Adds a single fix at the next second, without moving the runner.
    package mutating func addFix(_ coordinate: Coordinate, accuracy: Double = 5) {
        time += 1
        samples.append(LocationSample(time: time, coordinate: coordinate, elevation: 0, horizontalAccuracy: accuracy))
    }

    /// Skips `seconds` without fixes while the runner keeps moving north at `speed`.
    package mutating func signalLoss(speed: Double, seconds: Int) {
        time += Double(seconds)
        position.latitude += speed * Double(seconds) / Self.metresPerDegreeLatitude
    }

    package var current: Coordinate { position }

    private mutating func displaced(_ c: Coordinate, by noise: Double) -> Coordinate {
        guard noise > 0 else { return c }
        let north = random.nextGaussian() * noise
        let east = random.nextGaussian() * noise
        return Coordinate(latitude: c.latitude + north / Self.metresPerDegreeLatitude,
                          longitude: c.longitude + east / (Self.metresPerDegreeLatitude * 0.7071))
    }
}

/// Uniform and Gaussian draws for the tests' generated tracks, from the program's seeded
/// SplitMix64 (a Box–Muller transform for the Gaussian).
extension SplitMix64 {
    /// Uniform in (0, 1].
    package mutating func nextUnit() -> Double {
        Double((next() >> 11) + 1) / Double(1 << 53)
    }

    package mutating func nextGaussian() -> Double {
        let u = nextUnit(), v = nextUnit()
        return (-2 * u.logarithm).squareRoot() * (2 * Double.pi * v).cosine
    }
}

private extension Double {
    var logarithm: Double { Foundation.log(self) }
    var cosine: Double { Foundation.cos(self) }
}
