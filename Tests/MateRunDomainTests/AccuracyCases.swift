import MateRunDomain
import MateRunTestSupport

/// The accuracy suite's runs: shapes with a known true length, replayed through a `RunSession`.
///
/// 5:00/km is 10/3 m/s. Every case is seeded, so that a tolerance is a statement about this
/// very track and a change of the filter shows as a change of a number in ACCURACY.md.
enum AccuracyCases {
    static let pace = 10.0 / 3

    /// Out and back on 500 m legs, five times: nine reversals.
    static func outAndBack(noise: Double = 0) -> TrackGenerator {
        var track = TrackGenerator(noise: noise)
        for leg in 0..<10 {
            if leg > 0 { track.turn(by: 180) }
            track.run(metres: 500, speed: pace)
        }
        return track
    }

    /// Twice round a square of 500 m sides: 90° corners.
    static func squareLoop() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 0)
        for side in 0..<8 {
            if side > 0 { track.turn(by: 90) }
            track.run(metres: 500, speed: pace)
        }
        return track
    }

    /// A staircase through a city grid of 100 m blocks: a 90° corner every 100 m for 5 km.
    static func cityGrid(noise: Double, seed: UInt64 = 3) -> TrackGenerator {
        var track = TrackGenerator(noise: noise, seed: seed)
        for block in 0..<50 {
            if block > 0 { track.turn(by: block.isMultiple(of: 2) ? -90 : 90) }
            track.run(metres: 100, speed: pace)
        }
        return track
    }

    /// Switchbacks up a hill: 60 m legs joined by 150° hairpins.
    static func switchbacks() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 15)
        for leg in 0..<40 {
            if leg > 0 { track.turn(by: leg.isMultiple(of: 2) ? -150 : 150) }
            track.run(metres: 60, speed: pace)
        }
        return track
    }

    /// 5 km straight on.
    static func straight(noise: Double, seed: UInt64 = 2) -> TrackGenerator {
        var track = TrackGenerator(azimuth: 30, noise: noise, seed: seed)
        track.run(metres: 5000, speed: pace)
        return track
    }

    /// 3 km straight with 30 s without fixes in the middle.
    static func signalLoss() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 60)
        track.run(metres: 1500, speed: pace)
        track.loseSignal(forNext: 30)
        track.run(metres: 1500, speed: pace)
        return track
    }

    /// 3 km of running with the watch paused between them for 3 minutes, in which the runner
    /// walks 300 m: the recorded run is 3 km, 900 s of moving.
    static func watchPause() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 75)
        track.run(metres: 1500, speed: pace)
        track.pauseWatch(forNext: 180)
        track.run(metres: 300, speed: 300.0 / 180)
        track.run(metres: 1500, speed: pace)
        return track
    }

    /// 3 km straight with a fix thrown 300 m sideways every 100 s.
    static func outliers() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 120, noise: 3, seed: 5)
        track.run(metres: 3000, speed: pace)
        for second in stride(from: 50, to: 900, by: 100) {
            track.throwOutlier(atSecond: second, metres: 300)
        }
        return track
    }

    /// Ten minutes standing in 8 m of noise.
    static func standingStill() -> TrackGenerator {
        var track = TrackGenerator(noise: 8, seed: 9)
        track.stand(seconds: 600)
        return track
    }

    /// 3 km due east across the ±180° meridian.
    static func antimeridian() -> TrackGenerator {
        var track = TrackGenerator(start: Coordinate(latitude: -16.5, longitude: 179.99), azimuth: 90)
        track.run(metres: 3000, speed: pace)
        return track
    }

    /// A 5 km run logged every `interval` seconds: straight on, or twisty (the city grid's
    /// 100 m blocks), with 3 m of noise the logger does not claim.
    static func sparse(interval: Int, twisty: Bool) -> TrackGenerator {
        var track = TrackGenerator(azimuth: 20, noise: 3, seed: 11, interval: interval, claimsAccuracy: false)
        for block in 0..<50 {
            if twisty, block > 0 { track.turn(by: block.isMultiple(of: 2) ? -90 : 90) }
            track.run(metres: 100, speed: pace)
        }
        return track
    }

    /// A run logged every 5 s with a minute standing at a light: 1.5 km, the stop, 1.5 km.
    static func sparseWithStop() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 80, noise: 1, seed: 19, interval: 5, claimsAccuracy: false)
        track.run(metres: 1500, speed: 3)
        track.stand(seconds: 60)
        track.run(metres: 1500, speed: 3)
        return track
    }

    /// A phone that loses the signal for 140 s on a straight street, in which its runner walks
    /// 170 m (waiting at lights), and finds it 170 m on: 1,500 m, the 170 m, 1,500 m.
    static func longLossReturn() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 100, noise: 3, seed: 13)
        track.run(metres: 1500, speed: pace)
        track.loseSignal(forNext: 140)
        track.run(metres: 170, speed: 170.0 / 140)
        track.run(metres: 1500, speed: pace)
        return track
    }

    /// 300 m, then 1,927 s without a fix in which the runner moves 10 m (a café), then 300 m:
    /// the silence is a pause, 200 s of moving in all.
    static func nearStillGap() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 200, noise: 3, seed: 17)
        track.run(metres: 300, speed: 3)
        track.loseSignal(forNext: 1927)
        track.run(metres: 10, speed: 10.0 / 1927)
        track.run(metres: 300, speed: 3)
        return track
    }

    /// 8 m of white noise on fixes that claim no accuracy (the tracker assumes 5 m): ten minutes
    /// standing, or 5 km straight on.
    static func unclaimedNoise(standing: Bool) -> TrackGenerator {
        var track = TrackGenerator(azimuth: 30, noise: 8, seed: standing ? 9 : 2, claimsAccuracy: false)
        if standing { track.stand(seconds: 600) } else { track.run(metres: 5000, speed: pace) }
        return track
    }

    /// 20 minutes at a steady 3 m/s, clean.
    static func steady() -> TrackGenerator {
        var track = TrackGenerator(azimuth: 45)
        track.run(metres: 3600, speed: 3)
        return track
    }
}

/// A run replayed second by second, with what the screen showed along the way.
struct AccuracyReplay {
    var session = RunSession(profile: RunnerProfile(name: "Ada", weightKilograms: 60), goalMetres: nil)
    /// (time, live distance, moving seconds) after each fix.
    var live: [(time: Double, distance: Double, moving: Double)] = []
    var pauses = 0
    /// Run times at which the signal was declared lost (with a motion sensor ticking each second).
    var gpsLosses: [Double] = []

    init(_ track: TrackGenerator, motionSensor: Bool = false) {
        var motions = (motionSensor ? track.motions : [])[...]
        var wasPaused = false
        for sample in track.samples {
            while let motion = motions.first, motion.time <= sample.time {
                let gpsOK = session.gpsOK
                session.record(motion)
                if gpsOK, !session.gpsOK { gpsLosses.append(motion.time) }
                motions.removeFirst()
            }
            session.record(sample)
            if session.isPaused && !wasPaused { pauses += 1 }
            wasPaused = session.isPaused
            live.append((sample.time, session.distanceMetres, session.movingSeconds))
        }
        _ = session.finish(.sensorsEnded, at: track.seconds)
    }

    var distance: Double { session.distanceMetres }
    var moving: Double { session.movingSeconds }

    /// The relative error of the final distance against `truth`.
    func error(against truth: Double) -> Double { (distance - truth) / truth }
}
