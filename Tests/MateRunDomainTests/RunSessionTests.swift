import MateRunDomain
import MateRunTestSupport
import Testing

@Suite("Run session: distance, time, pause, splits and goal")
struct RunSessionTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    private func replay(_ track: TrackBuilder, goal: Double? = nil) -> RunSession {
        var session = RunSession(profile: runner, goalMetres: goal)
        var motions = track.motions[...]
        for sample in track.samples {
            while let motion = motions.first, motion.time < sample.time {
                session.record(motion)
                motions.removeFirst()
            }
            session.record(sample)
        }
        return session
    }

    @Test func steadyCleanRunMeasuresTheTrueDistance() {
        // Given 1000 s due north at 3 m/s with perfect fixes
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 1000)
        // When the session replays it
        let session = replay(track)
        // Then it measures 3000 m within 0.2%, all of it moving time
        #expect(abs(session.distanceMetres - 3000) < 6)
        #expect(session.elapsedSeconds == 1000)
        #expect(abs(session.movingSeconds - 1000) < 1e-9)
    }

    @Test func noisyFixesDoNotInflateTheDistance() {
        // Given the same run with 5 m of Gaussian noise on every fix
        var track = TrackBuilder(seed: 42)
        track.north(speed: 3, seconds: 1000, noise: 5)
        // When the session replays it
        let session = replay(track)
        // Then the distance stays within 4% of the truth (a raw sum of these fixes is about 3x the truth)
        #expect(abs(session.distanceMetres - 3000) / 3000 < 0.04, "measured \(session.distanceMetres)")
    }

    @Test func outlierJumpIsNotCounted() {
        // Given a run with one fix thrown 300 m east
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 100)
        var wild = track.current
        wild.longitude += 300 / 78_847
        track.addFix(wild)
        track.north(speed: 3, seconds: 99)
        // When the session replays it to the end
        var session = replay(track)
        _ = session.finish(.sensorsEnded, at: 200)
        // Then the distance is that of the run alone (199 s of running)
        #expect(abs(session.distanceMetres - 597) < 6, "measured \(session.distanceMetres)")
    }

    @Test func fixesAtNullIslandOrWithPoorAccuracyAreIgnored() {
        // Given a run with a 0/0 fix and a fix claiming 80 m accuracy, both far away
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 50)
        track.addFix(Coordinate(latitude: 0, longitude: 0))
        var vague = track.current
        vague.latitude += 0.01
        track.addFix(vague, accuracy: 80)
        track.north(speed: 3, seconds: 50)
        // When the session replays it
        let session = replay(track)
        // Then neither fix moved the runner
        #expect(abs(session.distanceMetres - 300) < 4, "measured \(session.distanceMetres)")
    }

    @Test func signalLossWhileRunningStillCountsThePlausibleStraightLine() {
        // Given a run that loses the signal for 30 s while running on
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 100)
        track.signalLoss(speed: 3, seconds: 30)
        track.north(speed: 3, seconds: 100)
        // When the session replays it to the end
        var session = replay(track)
        _ = session.finish(.sensorsEnded, at: 230)
        // Then the gap is bridged: 230 s at 3 m/s
        #expect(abs(session.distanceMetres - 690) < 7, "measured \(session.distanceMetres)")
    }

    @Test func standingStillAddsNoDistanceAndIsAutoPaused() {
        // Given a run with a minute standing still in 5 m noise in the middle
        var track = TrackBuilder(seed: 7)
        track.north(speed: 3, seconds: 200)
        track.stand(seconds: 60, noise: 5)
        track.north(speed: 3, seconds: 200)
        // When the session replays it
        let session = replay(track)
        // Then the standing adds little (the first noisy fixes, before the noise is measured, pass
        // for a few metres of running) and is not moving time
        #expect(abs(session.distanceMetres - 1200) < 35, "measured \(session.distanceMetres)")
        #expect(session.elapsedSeconds == 460)
        #expect(session.movingSeconds < 410 && session.movingSeconds > 395, "moving \(session.movingSeconds)")
    }

    @Test func motionSensorSayingStillPausesAfterTheDelay() {
        // Given a runner whose motion sensor says still for 20 s with no fixes
        var session = RunSession(profile: runner, goalMetres: nil)
        session.record(MotionSample(time: 10, activity: .still))
        // When 4 s pass, then 6 s
        session.advance(to: 14)
        let pausedEarly = session.isPaused
        session.advance(to: 16)
        // Then the pause begins only after the 5 s delay, and counts from when standing began
        #expect(!pausedEarly)
        #expect(session.isPaused)
        #expect(session.movingSeconds == 10)
    }

    @Test func kilometreSplitsAreInterpolatedAtTheBoundary() {
        // Given 2500 m at a steady 4 m/s
        var track = TrackBuilder()
        track.north(speed: 4, seconds: 625)
        // When the session replays it and is finished
        var session = replay(track)
        let summary = session.finish(.sensorsEnded, at: 625)
        // Then two whole kilometres of ~250 s and a last 500 m split
        #expect(summary.splits.count == 3)
        #expect(summary.splits[0].distanceMetres == 1000)
        #expect(abs(summary.splits[0].movingSeconds - 250) < 1)
        #expect(abs(summary.splits[1].movingSeconds - 250) < 1)
        #expect(abs(summary.splits[2].distanceMetres - 500) < 5)
    }

    @Test func reachingTheGoalEndsTheRunExactlyAtTheGoal() {
        // Given a 1 km goal and a run well past it at 4 m/s
        var track = TrackBuilder()
        track.north(speed: 4, seconds: 400)
        // When the session replays it
        let session = replay(track, goal: 1000)
        // Then it ends at exactly 1000 m, at the interpolated moment ~250 s
        #expect(session.ending == .goalReached)
        #expect(session.distanceMetres == 1000)
        #expect(abs(session.elapsedSeconds - 250) < 1.5)
        #expect(session.splits.count == 1)
    }

    @Test func caloriesFollowTheAcsmEquation() {
        // Given 10 minutes at 3 m/s on the level for 60 kg
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 600, activity: .running)
        // When the session replays it
        let session = replay(track)
        // Then net kcal = (0.2 × 180) × 60 / 200 × 10 = 108
        #expect(abs(session.caloriesKilocalories - 108) < 2, "kcal \(session.caloriesKilocalories)")
    }
}
