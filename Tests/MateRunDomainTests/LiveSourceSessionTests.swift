import MateRunDomain
import MateRunTestSupport
import Testing

/// What a live source (a receiver through gpsd) tells the session that a replay does not: each
/// fix's own activity, and an end by the receiver, which comes after a wait on the run clock.
@Suite struct LiveSourceSessionTests {
    private let profile = RunnerProfile(name: "Ada", weightKilograms: 60)

    /// Two minutes north at `speed` m/s, a fix a second.
    private func track(speed: Double) -> [LocationSample] {
        var builder = TrackBuilder()
        builder.north(speed: speed, seconds: 120)
        return builder.samples
    }

    @Test func aFixsOwnActivityPricesItsLegWhateverTheMotionUpdateBeforeItSaid() {
        // Given two sessions of the same run at 3 m/s: one whose motion updates say running, one
        // whose updates (made long before, as a live tick is at 50x) say walking while each fix
        // carries running
        var replayed = RunSession(profile: profile, goalMetres: nil)
        var live = RunSession(profile: profile, goalMetres: nil)
        for fix in track(speed: 3) {
            replayed.record(fix)
            replayed.record(MotionSample(time: fix.time, activity: .running))
            live.record(MotionSample(time: fix.time, activity: .walking))
            var carried = fix
            carried.activity = .running
            live.record(carried)
        }
        // When both end
        let replay = replayed.finish(.sensorsEnded, at: 120)
        let tracked = live.finish(.receiverEnded, at: 120)
        // Then the live run is priced as running, as the replay is
        #expect(replay.snapshot.caloriesKilocalories > 20)
        #expect(abs(tracked.snapshot.caloriesKilocalories - replay.snapshot.caloriesKilocalories) < 1e-9)
    }

    @Test func aRunTheReceiverEndedEndsAtItsLatestFixNotWhenTheWaitEnded() {
        // Given a run whose fixes stop at 120 s, and whose run clock then went on for the idle
        // limit (the motion ticks of a receiver at its own pace)
        var session = RunSession(profile: profile, goalMetres: nil)
        for fix in track(speed: 3) { session.record(fix) }
        for second in 121...130 { session.record(MotionSample(time: Double(second), activity: .running)) }
        #expect(session.elapsedSeconds == 130)
        // When the receiver ends it
        let summary = session.finish(.receiverEnded, at: 130)
        // Then it ends at its last fix, moving time and GPS with it
        #expect(summary.ending == .receiverEnded)
        #expect(summary.snapshot.elapsedSeconds == 120)
        #expect(summary.snapshot.movingSeconds == 120)
        #expect(summary.snapshot.gpsOK)
    }

    @Test func aLapMarkedDuringTheWaitKeepsTheRunUntilThenAndAReplayKeepsItsTime() {
        // Given a run whose fixes stop at 120 s, a lap marked at 125 s, and the clock on to 130 s
        var live = RunSession(profile: profile, goalMetres: nil)
        for fix in track(speed: 3) { live.record(fix) }
        live.record(MotionSample(time: 125, activity: .running))
        live.markLap(at: 125)
        live.record(MotionSample(time: 130, activity: .running))
        var replay = live
        // When the receiver ends the one, and the other's sensors end
        let received = live.finish(.receiverEnded, at: 130)
        let ran = replay.finish(.sensorsEnded, at: 130)
        // Then the receiver's run ends at the lap, the replay where its sensors left it
        #expect(received.snapshot.elapsedSeconds == 125)
        #expect(received.laps.last.map { $0.endElapsedSeconds >= 125 } == true)
        #expect(ran.snapshot.elapsedSeconds == 130)
    }
}
