import MateRunDomain
import MateRunTestSupport
import Testing

/// What the screen shows while running: the live distance follows the truth second by second.
@Suite("Accuracy: the live distance follows the runner")
struct AccuracyLiveTests {
    let track = AccuracyCases.steady()

    @Test func liveDistanceStaysWithinFiveMetresOrOnePercentEverySecond() {
        // When a steady clean run is replayed
        let replay = AccuracyReplay(track)
        // Then every second the live figure is within max(5 m, 1%) of the truth, never ahead beyond it
        for point in replay.live {
            let truth = track.truth(at: point.time)
            let bound = max(5, 0.01 * truth)
            #expect(abs(point.distance - truth) <= bound, "t=\(point.time): \(point.distance) vs \(truth)")
        }
    }

    @Test func liveDistanceNeitherFreezesNorJumps() {
        // When a steady clean run at 3 m/s is replayed
        let replay = AccuracyReplay(track)
        // Then after the first few seconds each second adds between 2 and 4 m
        for (previous, point) in zip(replay.live, replay.live.dropFirst()) where point.time > 5 {
            let step = point.distance - previous.distance
            #expect(step > 2 && step < 4, "t=\(point.time): step \(step)")
        }
    }

    @Test func averagePaceIsSteadyAfterTwoMinutes() {
        // When a steady clean run at 3 m/s (333.3 s/km) is replayed
        let replay = AccuracyReplay(track)
        // Then from the second minute on the average pace stays within 2% of the true pace
        let truePace = 1000 / 3.0
        for point in replay.live where point.time >= 120 {
            let pace = point.moving / point.distance * 1000
            #expect(abs(pace - truePace) / truePace < 0.02, "t=\(point.time): \(pace) s/km")
        }
    }
}
