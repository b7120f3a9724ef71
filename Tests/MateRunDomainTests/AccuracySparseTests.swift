import MateRunDomain
import MateRunTestSupport
import Testing

/// Sparse loggers, long losses and noise without an accuracy claim, against the truth; the
/// figures are tabled in ACCURACY.md.
@Suite("Accuracy: sparse logs, long losses and unclaimed noise")
struct AccuracySparseTests {
    @Test("a sparse log measures the straight lines between its fixes, never lost between them",
          arguments: [5, 10, 13, 17], [false, true])
    func sparseLogMeasuresItsStraightLines(interval: Int, twisty: Bool) {
        // Given a 5 km run logged every `interval` seconds, straight or through a city grid
        let track = AccuracyCases.sparse(interval: interval, twisty: twisty)
        // When it is replayed with a motion sensor ticking each second
        let replay = AccuracyReplay(track, motionSensor: true)
        // Then the distance is within 2% of the lines between the true positions at the fixes,
        // the run never pauses, and the signal is lost at most before the second fix shows the interval
        let chord = track.chordMetres
        #expect(abs(replay.distance - chord) / chord < 0.02, "\(interval) s: \(replay.distance) of \(chord)")
        #expect(replay.pauses == 0)
        #expect(abs(replay.moving - track.seconds) <= Double(interval), "moving \(replay.moving)")
        #expect(replay.gpsLosses.allSatisfy { $0 < Double(interval) }, "lost at \(replay.gpsLosses)")
    }

    @Test func aSparseLogsStopCostsOnlyTheStop() {
        // Given a run logged every 5 s with a minute standing halfway
        let track = AccuracyCases.sparseWithStop()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the stretch before the stop counts (it settles while the runner stands), and the
        // minute is paused
        #expect(abs(replay.error(against: track.truthMetres)) < 0.005, "\(replay.distance) of \(track.truthMetres) moving \(replay.moving) of \(track.seconds) pauses \(replay.pauses)")
        #expect(abs(replay.moving - (track.seconds - 60)) <= 15, "moving \(replay.moving)")
    }

    @Test func aReturnAfterALongLossCountsTheWayBetween() {
        // Given 140 s without a signal on a straight street, found again 170 m on
        let track = AccuracyCases.longLossReturn()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the 170 m count (a walker's speed is no jump), and the loss is moving time
        #expect(abs(replay.error(against: track.truthMetres)) < 0.01, "\(replay.distance)")
        #expect(replay.pauses == 0)
        #expect(abs(replay.moving - track.seconds) < 2, "moving \(replay.moving)")
    }

    @Test func aNearStillGapInsideASegmentIsAPause() {
        // Given 300 m, 1,927 s without a fix in which the runner moves 10 m, and 300 m more
        let track = AccuracyCases.nearStillGap()
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the silence is not moving time, and the distance is the runs' and the 10 m
        #expect(abs(replay.moving - 200) <= 3, "moving \(replay.moving)")
        #expect(abs(replay.error(against: track.truthMetres)) < 0.02, "\(replay.distance)")
    }

    @Test func standingStillInUnclaimedNoiseCountsAlmostNothing() {
        // Given ten minutes standing in 8 m of noise on fixes that claim no accuracy
        let track = AccuracyCases.unclaimedNoise(standing: true)
        // When it is replayed (GPS only)
        let replay = AccuracyReplay(track)
        // Then under 30 m and under a minute of moving time accrue
        #expect(replay.distance < 30, "distance \(replay.distance)")
        #expect(replay.moving < 60, "moving \(replay.moving)")
    }

    @Test func aStraightRunInUnclaimedNoiseMeasuresWithinTwoPercent() {
        // Given 5 km straight on in 8 m of noise on fixes that claim no accuracy
        let track = AccuracyCases.unclaimedNoise(standing: false)
        // When it is replayed
        let replay = AccuracyReplay(track)
        // Then the noise the tracker measures, not the 5 m it assumes, is smoothed: within 2%
        #expect(abs(replay.error(against: track.truthMetres)) < 0.02, "\(replay.distance)")
        #expect(replay.pauses == 0)
    }
}
