import MateRunDomain
import MateRunScenarios
import MateRunTestSupport
import Testing
import Synchronization

@Suite("Running use case driven by a manual clock")
struct RunningUseCaseTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    private func useCase(_ track: TrackBuilder, clock: ManualClock, goal: Double? = nil) -> DefaultRunningUseCase {
        DefaultRunningUseCase(
            profile: runner, goalMetres: goal,
            locationProvider: RecordedSensor(samples: track.samples, clock: clock),
            motionProvider: RecordedSensor(samples: track.motions, clock: clock),
            clock: clock)
    }

    /// Advances the clock a second at a time until the run is over, so a long run tests in milliseconds.
    private func drive(_ clock: ManualClock, until done: @escaping @Sendable () async -> Bool) async {
        for _ in 0..<100_000 {
            if await done() { return }
            if clock.sleeperCount > 0 { clock.advance(by: 1) } else { await Task.yield() }
        }
    }

    /// Runs `consume` (which iterates a run's events to their end) while driving `clock` a second
    /// at a time, and returns what it gave.
    private func driveToTheEnd(
        _ clock: ManualClock, _ consume: @escaping @Sendable () async -> [RunEvent]
    ) async -> [RunEvent] {
        let collected = Task { await consume() }
        let finished = Flag()
        Task {
            _ = await collected.value
            finished.set()
        }
        await drive(clock) { finished.isSet }
        return await collected.value
    }

    @Test func oneHourRunPublishesProgressEverySecondAndFinishes() async {
        // Given an hour at 3 m/s with a motion update every second
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 3600, activity: .running)
        let clock = ManualClock()
        let events = useCase(track, clock: clock).events()
        // When the clock is driven to the end
        let all = await driveToTheEnd(clock) { await events.reduce(into: [RunEvent]()) { $0.append($1) } }
        // Then there is a progress per second, ten splits, and a summary that the sensors ended
        let progress = all.filter { if case .progress = $0 { true } else { false } }
        let splits = all.compactMap { if case .split(let s) = $0 { s } else { nil } }
        #expect(progress.count == 3601)
        #expect(splits.count == 10)
        guard case .finished(let summary) = all.last else {
            Issue.record("last event is not the summary")
            return
        }
        #expect(summary.ending == .sensorsEnded)
        #expect(summary.snapshot.elapsedSeconds == 3600)
        #expect(abs(summary.snapshot.distanceMetres - 10_800) < 25)
    }

    @Test func cancellingTheRunEndsItWithACancelledSummaryAtTheClocksTime() async {
        // Given a long run in progress
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 3600)
        let clock = ManualClock()
        let events = useCase(track, clock: clock).events()
        let collected = Task { await events.reduce(into: [RunEvent]()) { $0.append($1) } }
        for _ in 0..<100_000 where clock.now() < 120 {
            if clock.sleeperCount > 0 { clock.advance(by: 1) } else { await Task.yield() }
        }
        // When the runner cancels it
        collected.cancel()
        let all = await collected.value
        // Then the last event is a cancelled summary at about two minutes
        guard case .finished(let summary) = all.last else {
            Issue.record("no summary after cancel")
            return
        }
        #expect(summary.ending == .cancelled)
        #expect(summary.snapshot.elapsedSeconds >= 119 && summary.snapshot.elapsedSeconds <= 121)
    }
}

extension RunningUseCaseTests {
    @Test func theRunnersKeysPauseResumeMarkALapAndStopTheRunWithEvents() async {
        // Given a 20-minute run with a motion update every second, and the runner's controls
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 1200, activity: .running)
        // (unpaced: the samples are taken in time order, and a command at the next one)
        let clock = UnpacedTestClock()
        let controls = RunnerControls()
        let events = DefaultRunningUseCase(
            profile: runner, goalMetres: nil,
            locationProvider: RecordedSensor(samples: track.samples, clock: clock),
            motionProvider: RecordedSensor(samples: track.motions, clock: clock),
            clock: clock, controls: controls).events()
        // When the runner pauses at 100 s, resumes at 200 s, marks a lap at 300 s and stops at 400 s
        let all = await {
            var all: [RunEvent] = []
            for await event in events {
                all.append(event)
                guard case .progress(let snapshot) = event else { continue }
                switch snapshot.elapsedSeconds {
                case 100, 200: controls.send(.togglePause)
                case 300: controls.send(.markLap)
                case 400: controls.send(.stop)
                default: break
                }
            }
            return all
        }()
        // Then the pause and the resume say the runner did it, a lap closes, and the run is kept as stopped
        let pauses = all.compactMap { if case .paused(_, let by) = $0 { by } else { nil } }
        let resumes = all.compactMap { if case .resumed(_, let by) = $0 { by } else { nil } }
        let laps = all.compactMap { if case .lap(let lap) = $0 { lap } else { nil } }
        #expect(pauses == [.runner])
        #expect(resumes == [.runner])
        #expect(laps.count == 1)
        guard case .finished(let summary) = all.last else {
            Issue.record("last event is not the summary")
            return
        }
        #expect(summary.ending == .stopped)
        #expect(abs(summary.snapshot.elapsedSeconds - 401) <= 1)
        #expect(abs(summary.snapshot.movingSeconds - 301) <= 2, "moving \(summary.snapshot.movingSeconds)")
        #expect(summary.laps.count == 2, "the lap marked and the stretch after it")
        #expect(abs(summary.snapshot.distanceMetres - 900) < 20, "\(summary.snapshot.distanceMetres) m")
    }

    @Test func fixesThatStopComingAreAGPSLossAndTheirReturnAFind() async {
        // Given 100 s of fixes, 30 s without (the motion sensor still ticking), then 100 s more
        var gap = TrackBuilder()
        gap.north(speed: 3, seconds: 230, activity: .running)
        let samples = gap.samples.filter { $0.time <= 100 || $0.time > 130 }
        // (unpaced: the samples are taken in time order whatever the scheduler does)
        let clock = UnpacedTestClock()
        let events = DefaultRunningUseCase(
            profile: runner, goalMetres: nil,
            locationProvider: RecordedSensor(samples: samples, clock: clock),
            motionProvider: RecordedSensor(samples: gap.motions, clock: clock), clock: clock).events()
        // When it runs
        let all = await events.reduce(into: [RunEvent]()) { $0.append($1) }
        // Then GPS is lost 10 s into the gap and found at the next fix
        let lost = all.compactMap { if case .gpsLost(let s) = $0 { s.elapsedSeconds } else { nil } }
        let found = all.compactMap { if case .gpsFound(let s) = $0 { s.elapsedSeconds } else { nil } }
        #expect(lost == [111])
        #expect(found == [131])
    }
}

extension RunningUseCaseTests {
    @Test func aRunPacedByItsClockHandsEachKeptFixOverBeforeItWaits() async {
        // Given a two-minute run paced by the clock, as a live run or a replay at its own speed is
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 120, activity: .running)
        let clock = ManualClock()
        let events = useCase(track, clock: clock).events()
        // When its events are taken, noting progress and kept fixes
        let noted = Task {
            var log: [String] = []
            await events.forEach { event in
                switch event {
                case .progress: log.append("progress")
                case .kept(let fixes): log.append("kept \(fixes.count)")
                default: break
                }
            }
            return log
        }
        let finished = Flag()
        Task {
            _ = await noted.value
            finished.set()
        }
        await drive(clock) { finished.isSet }
        let log = await noted.value
        // Then every progress is followed by its one kept fix before the run waits for the next
        // second: a paced run never holds a fix for the history across a second
        let progress = log.indices.filter { log[$0] == "progress" }
        #expect(progress.count == 121)
        #expect(progress.allSatisfy { $0 + 1 < log.count && log[$0 + 1] == "kept 1" })
    }
}

extension RunningUseCaseTests {
    @Test func aReceiverFasterThanOneHertzIsKeptAFixASecond() async {
        // Given ten minutes of 10 Hz fixes and 1 Hz motion updates, all known, unpaced (a replay
        // at --speed max)
        let clock = UnpacedTestClock()
        let fixes = (0..<6_000).map { tenth in
            LocationSample(time: Double(tenth) / 10, coordinate: Coordinate(latitude: 45 + Double(tenth) * 3e-6, longitude: 7),
                           horizontalAccuracy: 4)
        }
        let motions = (0...600).map { MotionSample(time: Double($0), activity: .running, cadence: 170) }
        let events = DefaultRunningUseCase(
            profile: runner, goalMetres: nil,
            locationProvider: RecordedSensor(samples: fixes, clock: clock),
            motionProvider: RecordedSensor(samples: motions, clock: clock),
            clock: clock).events()
        // When its events are taken
        var keptTimes: [Double] = []
        await events.forEach { event in
            if case .kept(let fixes) = event { keptTimes += fixes.map(\.fix.time) }
        }
        // Then the run keeps one fix a second, the one at each second's progress, and the last
        #expect(keptTimes == (0..<600).map(Double.init) + [599.9])
    }
}
