import MateRunScenarios
import MateRunDomain
import MateRunTestSupport
import Synchronization
import Testing

/// Samples a consuming task has received, readable from the test.
final class Received<Sample: Sendable>: Sendable {
    private let samples = Mutex<[Sample]>([])
    func append(_ sample: Sample) { samples.withLock { $0.append(sample) } }
    var all: [Sample] { samples.withLock { $0 } }
}

/// Yields until `condition` holds, at most a fixed number of times, so a broken test fails
/// instead of hanging.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

@Suite("Recorded sensors and replay clocks")
struct ReplayProviderTests {
    static func fix(_ time: Double) -> LocationSample {
        LocationSample(time: time, coordinate: Coordinate(latitude: 40, longitude: -73 + time * 1e-5))
    }

    @Test func eachFixArrivesWhenTheClockReachesItsTime() async {
        // Given fixes at 0, 1 and 2.5 s on a manual clock
        let clock = ManualClock()
        let provider = RecordedSensor(samples: [Self.fix(0), Self.fix(1), Self.fix(2.5)], clock: clock)
        let received = Received<LocationSample>()
        let consumer = Task {
            for await sample in provider.locationUpdates() { received.append(sample) }
        }
        // When the clock stands at 0, then just before 1, then at 1, then past the end
        #expect(await eventually { received.all.count == 1 && clock.sleeperCount == 1 })
        clock.advance(to: 0.9)
        #expect(await eventually { clock.sleeperCount == 1 })
        #expect(received.all.count == 1)
        clock.advance(to: 1)
        #expect(await eventually { received.all.count == 2 && clock.sleeperCount == 1 })
        clock.advance(to: 10)
        await consumer.value
        // Then each fix came at its time and the stream ended after the last
        #expect(received.all.map(\.time) == [0, 1, 2.5])
    }

    @Test func aConsumerThatStopsListeningStopsTheReplay() async {
        // Given a motion replay whose consumer takes one update, then drops the stream
        let clock = ManualClock()
        let provider = RecordedSensor(
            samples: (0..<5).map { MotionSample(time: Double($0), activity: .running) }, clock: clock)
        var stream: AsyncStream<MotionSample>? = provider.motionUpdates()
        var iterator = stream?.makeAsyncIterator()
        let first = await iterator?.next()
        #expect(first?.time == 0)
        #expect(await eventually { clock.sleeperCount == 1 }, "the replay waits for the next sample's time")
        // When the consumer lets go of it
        stream = nil
        iterator = nil
        // Then the replay stops waiting on the clock
        #expect(await eventually { clock.sleeperCount == 0 })
    }

    @Test func cancellingTheConsumerEndsTheStream() async {
        // Given a consumer waiting for a fix at 60 s
        let clock = ManualClock()
        let provider = RecordedSensor(samples: [Self.fix(0), Self.fix(60)], clock: clock)
        let received = Received<LocationSample>()
        let consumer = Task {
            for await sample in provider.locationUpdates() { received.append(sample) }
        }
        #expect(await eventually { clock.sleeperCount == 1 })
        // When it is cancelled
        consumer.cancel()
        await consumer.value
        // Then the stream ended without the second fix
        #expect(received.all.map(\.time) == [0])
        #expect(clock.sleeperCount == 0)
    }

    @Test func eachCallReplaysFromTheStart() async {
        let clock = ManualClock(now: 10)
        let provider = RecordedSensor(samples: [Self.fix(0), Self.fix(1)], clock: clock)
        var firstRun: [Double] = [], secondRun: [Double] = []
        for await sample in provider.locationUpdates() { firstRun.append(sample.time) }
        for await sample in provider.locationUpdates() { secondRun.append(sample.time) }
        #expect(firstRun == [0, 1] && secondRun == [0, 1])
    }

    @Test func anUnpacedClockNeverWaitsAndReportsTheLatestDeadline() async throws {
        // Given an unpaced clock
        let clock = UnpacedRunClock()
        // When sleepers ask for 5 s, then 3 s
        try await clock.sleep(until: 5)
        try await clock.sleep(until: 3)
        // Then run time is the latest deadline asked for
        #expect(clock.now() == 5)
    }

    @Test func anUnpacedClockStillHonoursCancellation() async {
        let clock = UnpacedRunClock()
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: 1)
        }.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now() == 0)
    }

    @Test func aScaledClockReturnsAtOnceForAPastDeadlineAndStopsOnCancellation() async throws {
        // Given a clock running 60 times faster than real time
        let clock = ScaledRunClock(speed: 60)
        // When sleeping until a deadline already past, and in a cancelled task until an hour
        try await clock.sleep(until: -1)
        let cancelled = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: 3600)
        }.result
        // Then the first returns and the second throws CancellationError
        #expect(throws: CancellationError.self) { try cancelled.get() }
        let before = clock.now()
        #expect(before >= 0 && clock.now() >= before)
        #expect(clock.speed == 60)
    }
}
