import Foundation
import MateRunDomain

/// Synthetic runs with a known truth, for the accuracy suite: legs placed by exact geodesic
/// construction, fixes once a second, seeded Gaussian noise, signal losses and outliers.
///
/// The truth never comes from the code under test: a leg of `metres` is exactly that long (the
/// direct geodesic problem), so the true distance at any moment is the length run so far.
package struct TrackGenerator {
    private struct Leg {
        var start: Coordinate
        var azimuth: Double
        var metres: Double
        var startTime: Double
        var seconds: Double
        var startDistance: Double
    }

    private var legs: [Leg] = []
    private var position: Coordinate
    private var azimuth: Double
    private var time = 0.0
    private var distance = 0.0
    private var gaps: [ClosedRange<Double>] = []
    private var watchPauses: [ClosedRange<Double>] = []
    private var outliers: [Double: Double] = [:]
    private let noise: Double
    private let seed: UInt64
    private let interval: Int
    private let claimsAccuracy: Bool

    /// A runner at `start` facing `azimuth` degrees; a fix every `interval` seconds, displaced by
    /// Gaussian noise of `noise` metres per axis, claiming an accuracy of `max(noise, 5)` metres
    /// (what phones claim at best) or, when not `claimsAccuracy`, none (a logger's GPX).
    package init(start: Coordinate = Coordinate(latitude: 45, longitude: 7), azimuth: Double = 0,
                 noise: Double = 0, seed: UInt64 = 1, interval: Int = 1, claimsAccuracy: Bool = true) {
        position = start
        self.azimuth = azimuth
        self.noise = noise
        self.seed = seed
        self.interval = max(interval, 1)
        self.claimsAccuracy = claimsAccuracy
    }

    /// The true distance run so far, in metres.
    package var truthMetres: Double { distance }
    /// The run's duration so far, in seconds.
    package var seconds: Double { time }

    /// Runs `metres` straight on (along the geodesic) at `speed` metres per second.
    package mutating func run(metres: Double, speed: Double) {
        let seconds = metres / speed
        legs.append(Leg(start: position, azimuth: azimuth, metres: metres, startTime: time, seconds: seconds,
                        startDistance: distance))
        let end = GeodesicDirect.destination(from: position, azimuth: azimuth, metres: metres)
        position = end.coordinate
        azimuth = end.azimuth
        time += seconds
        distance += metres
    }

    /// Turns on the spot by `degrees` (clockwise; 180 is a reversal).
    package mutating func turn(by degrees: Double) {
        azimuth += degrees
    }

    /// Stands still for `seconds`.
    package mutating func stand(seconds: Double) {
        legs.append(Leg(start: position, azimuth: azimuth, metres: 0, startTime: time, seconds: seconds,
                        startDistance: distance))
        time += seconds
    }

    /// No fixes arrive for the next `seconds` of running (the runner goes on).
    package mutating func loseSignal(forNext seconds: Double) {
        gaps.append(time + 0.5...time + seconds)
    }

    /// The runner pauses the watch for the next `seconds` (and goes on moving): no fixes, the
    /// last fix before says the recording paused, the first after that it resumed.
    package mutating func pauseWatch(forNext seconds: Double) {
        gaps.append(time + 0.5...time + seconds)
        watchPauses.append(time + 0.5...time + seconds)
    }

    /// The fix at whole second `second` is thrown `metres` east of the truth.
    package mutating func throwOutlier(atSecond second: Int, metres: Double) {
        outliers[Double(second)] = metres
    }

    /// The true distance at `time` seconds.
    package func truth(at time: Double) -> Double {
        guard let leg = legs.last(where: { $0.startTime <= time }) else { return 0 }
        let fraction = leg.seconds > 0 ? min(1, (time - leg.startTime) / leg.seconds) : 0
        return leg.startDistance + leg.metres * fraction
    }

    /// The fixes, one every `interval` seconds from 0 to the end.
    package var samples: [LocationSample] {
        var random = SplitMix64(seed: seed)
        var result: [LocationSample] = []
        let accuracy = claimsAccuracy ? max(noise, 5) : nil
        for second in stride(from: 0, through: Int(time.rounded(.down)), by: interval) {
            let t = Double(second)
            let north = noise > 0 ? random.nextGaussian() * noise : 0
            let east = (noise > 0 ? random.nextGaussian() * noise : 0) + (outliers[t] ?? 0)
            guard !gaps.contains(where: { $0.contains(t) }) else { continue }
            let truth = place(at: t)
            result.append(LocationSample(time: t, coordinate: displaced(truth, east: east, north: north),
                                         elevation: 0, horizontalAccuracy: accuracy))
        }
        for pause in watchPauses {
            guard let after = result.firstIndex(where: { $0.time > pause.upperBound }), after > 0 else { continue }
            result[after - 1].pausesRecording = true
            result[after].resumesRecording = true
        }
        return result
    }

    /// The length of the straight lines between the true positions at the fixes' times: all a
    /// logger writing a fix every `interval` seconds can show of a track that bends between them.
    package var chordMetres: Double {
        let fixes = samples
        return zip(fixes, fixes.dropFirst()).reduce(0) { total, pair in
            total + Geodesic.distance(from: place(at: pair.0.time), to: place(at: pair.1.time))
        }
    }

    /// What a motion sensor says once a second: still while standing, running otherwise.
    package var motions: [MotionSample] {
        (0...Int(time.rounded(.down))).map { second in
            let t = Double(second)
            let standing = legs.contains { $0.metres == 0 && $0.startTime < t && t <= $0.startTime + $0.seconds }
            return MotionSample(time: t, activity: standing ? .still : .running)
        }
    }

    private func place(at t: Double) -> Coordinate {
        guard let leg = legs.last(where: { $0.startTime <= t }) else { return position }
        let along = leg.seconds > 0 ? leg.metres * min(1, (t - leg.startTime) / leg.seconds) : 0
        return GeodesicDirect.destination(from: leg.start, azimuth: leg.azimuth, metres: along).coordinate
    }

    /// Moves a coordinate by metres east and north (noise: the local radii are plenty exact).
    private func displaced(_ c: Coordinate, east: Double, north: Double) -> Coordinate {
        guard east != 0 || north != 0 else { return c }
        let phi = c.latitude * .pi / 180
        let metresPerDegree = 6_371_008.8 * .pi / 180
        return Coordinate(latitude: c.latitude + north / metresPerDegree,
                          longitude: GeodesicDirect.normalised(
                              c.longitude + east / (metresPerDegree * max(cos(phi), 1e-6))))
    }
}
