import MateRunDomain
import MateRunTestSupport
import Testing

@Suite("Run session: the runner's pause and laps, a paused watch, GPS loss, heart rate and cadence")
struct RunSessionControlsTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    private func feed(_ samples: some Sequence<LocationSample>, into session: inout RunSession) {
        for sample in samples { session.record(sample) }
    }

    @Test func aPauseByTheRunnerStopsMovingTimeAndCountsNothingMovedWhilePaused() {
        // Given 300 s at 3 m/s, then the runner pauses, walks 300 m in 200 s, and resumes for 300 s
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 300)
        track.north(speed: 1.5, seconds: 200)
        track.north(speed: 3, seconds: 300)
        var session = RunSession(profile: runner, goalMetres: nil)
        // When the session is paused by the runner over the walk
        feed(track.samples[..<300], into: &session)
        session.pauseByRunner(at: 300)
        feed(track.samples[300..<500], into: &session)
        #expect(session.pauseCause == .runner)
        session.resumeByRunner(at: 500)
        feed(track.samples[500...], into: &session)
        _ = session.finish(.sensorsEnded, at: 800)
        // Then 1800 m are counted, not 2100, and 600 s of moving time
        #expect(abs(session.distanceMetres - 1800) < 10, "measured \(session.distanceMetres)")
        #expect(abs(session.movingSeconds - 600) < 1.5, "moving \(session.movingSeconds)")
        #expect(session.elapsedSeconds == 800)
    }

    @Test func aWorkoutStepWaitsWhileTheRunnerHasPaused() {
        // Given a workout of 120 s running then 60 s walking, and a runner who pauses from 100 s to 160 s
        let workout = Workout(steps: [
            Workout.Step(activity: .running, durationSeconds: 120), Workout.Step(activity: .walking, durationSeconds: 60),
        ])
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 300)
        var session = RunSession(profile: runner, goalMetres: nil, workout: workout)
        feed(track.samples[..<100], into: &session)
        session.pauseByRunner(at: 100)
        feed(track.samples[100..<160], into: &session)
        // When the runner resumes and runs 10 s more
        let whilePaused = session.snapshot.workout
        session.resumeByRunner(at: 160)
        feed(track.samples[160..<170], into: &session)
        // Then the first step held at 20 s left while paused, and has 10 s left now
        #expect(whilePaused?.index == 1)
        #expect(abs((whilePaused?.remainingSeconds ?? 0) - 20) < 1e-9)
        #expect(session.snapshot.workout?.index == 1)
        #expect(abs((session.snapshot.workout?.remainingSeconds ?? 0) - 10) < 1.5)
    }

    @Test func anAutoPauseDoesNotHoldAWorkoutStep() {
        // Given a rest step of 60 s, during which the runner stands still and is auto-paused
        let workout = Workout(steps: [
            Workout.Step(activity: .running, durationSeconds: 60), Workout.Step(activity: .still, durationSeconds: 60),
            Workout.Step(activity: .running, durationSeconds: 60),
        ])
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 60)
        track.stand(seconds: 60)
        track.north(speed: 3, seconds: 60)
        var session = RunSession(profile: runner, goalMetres: nil, workout: workout)
        // When the rest has passed
        feed(track.samples.prefix { $0.time <= 125 }, into: &session)
        // Then the run is on its third step, on time
        #expect(session.snapshot.workout?.index == 3)
    }

    @Test func theCurrentLapCountsFromTheLastMark() {
        // Given 600 s at 3 m/s with a lap marked at 200 s
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 600)
        var session = RunSession(profile: runner, goalMetres: nil)
        feed(track.samples[..<200], into: &session)
        #expect(session.snapshot.currentLap == nil)
        session.markLap(at: 200)
        // When 300 s more are run
        feed(track.samples[200..<500], into: &session)
        // Then the current lap is the second, about 900 m in 300 s
        let lap = session.snapshot.currentLap
        #expect(lap?.index == 2)
        #expect(abs((lap?.distanceMetres ?? 0) - 900) < 15)
        #expect(abs((lap?.movingSeconds ?? 0) - 300) < 1.5)
    }

    @Test func aRecordedWatchPauseIsAPauseWithNoDistanceAcrossIt() {
        // Given a track whose recording was paused after 600 s and resumed 180 s and 300 m later
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 600)
        track.signalLoss(speed: 300.0 / 180, seconds: 180)
        track.north(speed: 3, seconds: 600)
        var samples = track.samples
        let lastBeforePause = samples.lastIndex { $0.time <= 600 } ?? 0
        samples[lastBeforePause].pausesRecording = true
        samples[lastBeforePause + 1].resumesRecording = true
        var session = RunSession(profile: runner, goalMetres: nil)
        // When replayed
        feed(samples, into: &session)
        let summary = session.finish(.sensorsEnded, at: samples.last?.time ?? 0)
        // Then the 300 m and the 180 s are not run, and GPS was never lost
        #expect(abs(summary.snapshot.distanceMetres - 3600) < 15, "measured \(summary.snapshot.distanceMetres)")
        #expect(abs(summary.snapshot.movingSeconds - 1200) < 2, "moving \(summary.snapshot.movingSeconds)")
        #expect(session.gpsOK)
    }

    @Test func lapsCloseAtTheRunnersMarksAndTheLastLapAtTheEnd() {
        // Given 1000 s at 3 m/s with laps marked at 200 s and 700 s
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 1000)
        var session = RunSession(profile: runner, goalMetres: nil)
        // When replayed
        feed(track.samples[..<200], into: &session)
        session.markLap(at: 200)
        feed(track.samples[200..<700], into: &session)
        session.markLap(at: 700)
        feed(track.samples[700...], into: &session)
        let summary = session.finish(.stopped, at: 1000)
        // Then three laps of about 600, 1500 and 900 m, together the whole run
        #expect(summary.laps.map(\.index) == [1, 2, 3])
        #expect(abs(summary.laps[1].movingSeconds - 500) < 1)
        #expect(abs(summary.laps.reduce(0) { $0 + $1.distanceMetres } - summary.snapshot.distanceMetres) < 1e-6)
        #expect(summary.ending == .stopped)
    }

    @Test func gpsIsLostAfterTenSecondsWithoutFixesAndFoundAtTheNextFix() {
        // Given 100 s of fixes, then 30 s without while the runner keeps going (motion says running)
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 100)
        var session = RunSession(profile: runner, goalMetres: nil)
        feed(track.samples, into: &session)
        // When time runs on without fixes
        session.record(MotionSample(time: 110, activity: .running))
        let at110 = session.snapshot
        session.record(MotionSample(time: 111, activity: .running))
        let at111 = session.snapshot
        // Then the signal is lost after 10 s, distance held, time running
        #expect(at110.gpsOK)
        #expect(!at111.gpsOK)
        #expect(at111.distanceMetres == at110.distanceMetres)
        #expect(at111.elapsedSeconds == 111)
        #expect(!at111.isPaused)
        // And the next fix finds it again
        track.signalLoss(speed: 3, seconds: 15)
        track.north(speed: 3, seconds: 1)
        feed(track.samples.suffix(1), into: &session)
        #expect(session.gpsOK)
    }

    @Test func heartRateAndCadenceAreShownWhenKnownAndAveragedOverMovingTime() {
        // Given motion with heart rate 140 then 160 and cadence 170, one reading a second
        var session = RunSession(profile: runner, goalMetres: nil)
        for second in 1...100 {
            session.record(MotionSample(time: Double(second), activity: .running, cadence: 170,
                                        heartRate: second <= 50 ? 140 : 160))
        }
        // When summed up
        let summary = session.finish(.sensorsEnded, at: 100)
        // Then the latest is shown, the average is 150, the maximum 160
        #expect(summary.snapshot.heartRateBPM == 160)
        #expect(summary.snapshot.cadenceSPM == 170)
        #expect(summary.averageHeartRateBPM == 150)
        #expect(summary.maximumHeartRateBPM == 160)
        #expect(summary.averageCadenceSPM == 170)
    }

    @Test func withoutABodySensorTheFiguresAreAbsentNotZero() {
        // Given motion without heart rate or cadence
        var session = RunSession(profile: runner, goalMetres: nil)
        session.record(MotionSample(time: 1, activity: .running))
        // When summed up
        let summary = session.finish(.sensorsEnded, at: 1)
        // Then nothing is made up
        #expect(summary.snapshot.heartRateBPM == nil)
        #expect(summary.averageHeartRateBPM == nil)
        #expect(summary.averageCadenceSPM == nil)
    }
}
