import MateRunDomain
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

    @Test func oneHourRunPublishesProgressEverySecondAndFinishes() async {
        // Given an hour at 3 m/s with a motion update every second
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 3600, activity: .running)
        let clock = ManualClock()
        let events = useCase(track, clock: clock).events()
        // When the clock is driven to the end
        let collected = Task { await events.reduce(into: [RunEvent]()) { $0.append($1) } }
        let finished = Flag()
        Task {
            _ = await collected.value
            finished.set()
        }
        await drive(clock) { finished.isSet }
        let all = await collected.value
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

/// A flag one task sets and another polls.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
