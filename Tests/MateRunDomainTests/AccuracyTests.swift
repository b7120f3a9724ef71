import MateRunDomain
import MateRunTestSupport
import Testing

/// Distance and moving time against a known truth; the figures are tabled in ACCURACY.md.
@Suite("Accuracy: distance and moving time against the truth")
struct AccuracyTests {
    static let cleanShapes: [String: TrackGenerator] = [
        "out-and-back": AccuracyCases.outAndBack(),
        "square loop": AccuracyCases.squareLoop(),
        "city grid": AccuracyCases.cityGrid(noise: 0),
        "switchbacks": AccuracyCases.switchbacks(),
        "straight": AccuracyCases.straight(noise: 0),
        "antimeridian": AccuracyCases.antimeridian(),
    ]

    @Test("clean shapes measure within 0.5% with no auto-pause", arguments: cleanShapes.keys.sorted())
    func cleanShapeIsExactAndNeverPaused(name: String) throws {
        // Given a noise-free run of direction changes
        let track = try #require(Self.cleanShapes[name])
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the distance is within 0.5%, and the runner never looked stopped
        #expect(abs(replay.error(against: track.truthMetres)) < 0.005, "\(name): \(replay.distance) of \(track.truthMetres)")
        #expect(replay.pauses == 0, "\(name): \(replay.pauses) pauses")
        #expect(abs(replay.moving - track.seconds) < 1, "\(name): moving \(replay.moving) of \(track.seconds)")
    }

    @Test("noisy straight runs measure within 2%", arguments: [4.0, 8.0])
    func noisyStraightRunIsNotOvercounted(noise: Double) {
        // Given 5 km straight on with Gaussian noise on every fix
        let track = AccuracyCases.straight(noise: noise)
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the noise adds or loses less than 2%, and no pause is faked
        #expect(abs(replay.error(against: track.truthMetres)) < 0.02, "\(noise) m: \(replay.distance)")
        #expect(replay.pauses == 0)
    }

    @Test func noisyCityGridMeasuresWithinThreePercent() {
        // Given a 5 km staircase of 100 m blocks with 5 m noise
        let track = AccuracyCases.cityGrid(noise: 5)
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then corners and noise together cost less than 3%
        #expect(abs(replay.error(against: track.truthMetres)) < 0.03, "\(replay.distance)")
        #expect(replay.pauses == 0)
    }

    @Test func noisyOutAndBackMeasuresWithinTwoPercent() {
        // Given the out-and-back with 4 m noise
        let track = AccuracyCases.outAndBack(noise: 4)
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the nine reversals in noise cost less than 2%
        #expect(abs(replay.error(against: track.truthMetres)) < 0.02, "\(replay.distance)")
        #expect(replay.pauses == 0)
    }

    @Test func signalLossIsBridgedByTheStraightLine() {
        // Given 30 s without fixes on a straight run
        let track = AccuracyCases.signalLoss()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the gap counts, and is not a pause
        #expect(abs(replay.error(against: track.truthMetres)) < 0.005, "\(replay.distance)")
        #expect(replay.pauses == 0)
    }

    @Test func aSignalLossIsToldAfterTenSecondsAndTheRunGoesOn() {
        // Given 30 s without fixes on a straight run, with a motion sensor ticking each second
        let track = AccuracyCases.signalLoss()
        // When it is replayed
        let replay = AccuracyReplay(track, motionSensor: true)
        // Then GPS is lost once, 10 s into the gap, and found again; nothing else changes
        #expect(replay.gpsLosses.count == 1)
        #expect(replay.session.gpsOK)
        #expect(abs(replay.error(against: track.truthMetres)) < 0.005, "\(replay.distance)")
    }

    @Test func aWatchPauseCountsNeitherTheDistanceNorTheTimeWalkedWhilePaused() {
        // Given 3 km of running with a 3-minute watch pause in which the runner walks 300 m
        let track = AccuracyCases.watchPause()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the recorded 3 km are measured within 0.5%, and moving time is the 900 s run
        #expect(abs(replay.error(against: 3000)) < 0.005, "\(replay.distance)")
        #expect(abs(replay.moving - 900) < 2, "moving \(replay.moving)")
        #expect(replay.pauses == 1)
        #expect(replay.session.gpsOK)
    }

    @Test func outliersAreRejected() {
        // Given a fix thrown 300 m sideways every 100 s
        let track = AccuracyCases.outliers()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then none of the jumps counts
        #expect(abs(replay.error(against: track.truthMetres)) < 0.01, "\(replay.distance)")
    }

    @Test("standing still in 8 m noise counts almost nothing", arguments: [false, true])
    func standingStillCountsAlmostNothing(motionSensor: Bool) {
        // Given ten minutes standing in 8 m noise, with or without a motion sensor saying still
        let track = AccuracyCases.standingStill()
        // When it is replayed
        let replay = AccuracyReplay(track, motionSensor: motionSensor)
        // Then under 30 m and under a minute of moving time accrue
        #expect(replay.distance < 30, "distance \(replay.distance)")
        #expect(replay.moving < 60, "moving \(replay.moving)")
    }
}
