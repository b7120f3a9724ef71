import MateRunDomain
import MateRunGPSD
import MateRunTestSupport
import Testing

/// A live run's figures are those of its fixes, not of the pace they arrive at: a log played
/// 50 times faster than real time, while the run clock (and so the motion updates' tick) goes at
/// its own pace, makes the run a replay of the same fixes makes.
@Suite struct LivePaceTests {
    /// 2005-06-08T10:34:48Z.
    private static let t0 = 1_118_226_888.0

    /// Eight minutes at 2.5 m/s with 2 m of noise a fix: the legs between fixes straddle the
    /// walking speed (2.2 m/s), as a runner at 6:40/km does with a phone's GPS.
    private static let track: [LocationSample] = {
        var builder = TrackBuilder(seed: 33)
        builder.north(speed: 2.5, seconds: 480, noise: 2)
        return builder.samples
    }()

    /// What each leg says the runner did: walking or running by its speed, as a replay infers it
    /// for a track without motion data; `activities[k]` is the leg from fix k to fix k + 1.
    private static func legActivities(_ fixes: [LocationSample]) -> [Activity] {
        zip(fixes, fixes.dropFirst()).map { from, to in
            .inferred(fromSpeed: Geodesic.distance(from: from.coordinate, to: to.coordinate) / (to.time - from.time))
        }
    }

    /// The run a replay makes of `fixes`: each fix, then its second's motion update, which
    /// guesses what the leg after it is (or, `told`, a motion sensor's word for every second).
    private static func replayed(_ fixes: [LocationSample], settings: TrackingSettings, told: Activity? = nil) -> RunSummary {
        var session = RunSession(profile: profile, goalMetres: nil, settings: settings)
        let activities = legActivities(fixes)
        for (index, fix) in fixes.enumerated() {
            session.record(fix)
            session.record(MotionSample(
                time: fix.time, activity: told ?? activities[min(index, activities.count - 1)], activityIsInferred: told == nil))
        }
        return session.finish(.receiverEnded, at: session.elapsedSeconds)
    }

    private static let profile = RunnerProfile(name: "Ada", weightKilograms: 58)

    /// `fixes` as gpsd reports them: the receiver's time, and its speed over the leg to each fix
    /// (as `export --format nmea` writes it).
    private static func gpsdFixes(_ fixes: [LocationSample]) -> [ReceiverFix] {
        fixes.enumerated().map { index, fix in
            let speed = index == 0 ? nil : Geodesic.distance(from: fixes[index - 1].coordinate, to: fix.coordinate)
            return ReceiverFix(
                unixTime: t0 + fix.time, coordinate: fix.coordinate, altitude: fix.elevation,
                horizontalAccuracy: fix.horizontalAccuracy, speed: speed)
        }
    }

    @Test(arguments: [1, 10, 50])
    func fixesArrivingFasterThanTheRunClockMakeTheReplaysFigures(fixesPerSecond: Int) async throws {
        // Given the track's fixes as gpsd reports them, and the run a replay makes of them
        let settings = TrackingSettings.standard(for: .running)
        let replay = Self.replayed(Self.track, settings: settings)
        let clock = ManualClock()
        let (events, feed) = AsyncStream.makeStream(of: GPSDEvent.self)
        let sensors = GPSDRunSensors(events: events, clock: clock, idleEnd: nil)
        let live = DefaultRunningUseCase(
            profile: Self.profile, goalMetres: nil, locationProvider: sensors, motionProvider: sensors, clock: clock,
            settings: settings, sensorsEnding: .receiverEnded)
        let running = Task {
            var last: RunSummary?
            for await event in live.events() {
                if case .finished(let summary) = event { last = summary }
            }
            return last
        }
        // When they arrive `fixesPerSecond` for each second of the run clock, whose tick says
        // what the latest fix said
        let summary = try await withTimeout(60) { () -> RunSummary? in
            for (index, fix) in Self.gpsdFixes(Self.track).enumerated() {
                feed.yield(.fix(fix))
                if index % fixesPerSecond == fixesPerSecond - 1 {
                    await Self.letTheRunTakeWhatCame()
                    clock.advance(by: 1)
                    await Self.letTheRunTakeWhatCame()
                }
            }
            feed.finish()
            return await running.value
        }
        // Then distance, times and calories are the replay's
        let tracked = try #require(summary)
        #expect(abs(tracked.snapshot.distanceMetres - replay.snapshot.distanceMetres) <= replay.snapshot.distanceMetres * 0.001)
        #expect(tracked.snapshot.elapsedSeconds == replay.snapshot.elapsedSeconds)
        #expect(tracked.snapshot.movingSeconds == replay.snapshot.movingSeconds)
        #expect(
            abs(tracked.snapshot.caloriesKilocalories - replay.snapshot.caloriesKilocalories)
                <= replay.snapshot.caloriesKilocalories * 0.001,
            "tracked \(tracked.snapshot.caloriesKilocalories) kcal, replayed \(replay.snapshot.caloriesKilocalories) kcal")
        // and those of a runner, as a motion sensor saying running would make them, though the
        // track's legs say both
        let toldRunning = Self.replayed(Self.track, settings: settings, told: .running)
        #expect(
            abs(tracked.snapshot.caloriesKilocalories - toldRunning.snapshot.caloriesKilocalories)
                <= toldRunning.snapshot.caloriesKilocalories * 0.01,
            "tracked \(tracked.snapshot.caloriesKilocalories) kcal, told running \(toldRunning.snapshot.caloriesKilocalories) kcal")
        let activities = Self.legActivities(Self.track)
        #expect(activities.filter { $0 == .walking }.count > 20 && activities.filter { $0 == .running }.count > 200)
    }

    /// Gives the sensors' and the run's tasks turns to take what was fed (a test with a manual
    /// clock cannot know when they have: a handful of turns each is plenty on any machine, and
    /// a run that took fewer is still checked whole at its end).
    private static func letTheRunTakeWhatCame() async {
        for _ in 0..<20 { await Task.yield() }
    }
}
