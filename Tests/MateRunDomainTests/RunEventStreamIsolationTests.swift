import Dispatch
import MateRunDomain
import MateRunTestSupport
import Synchronization
import Testing

@Suite("A run's events are computed where they are consumed")
struct RunEventStreamIsolationTests {
    @Test func iteratingOnAnActorDoesNotLeaveItForEachEvent() async {
        // Given an actor on an executor that counts the jobs it is given, and a run of 1,000 events
        let executor = CountingExecutor()
        let consumer = EventConsumer(executor: executor)
        // When the actor iterates the run's events
        let count = await consumer.drain(events: 1_000)
        // Then every event arrives, and the actor was entered a handful of times, not once or
        // twice per event (a hop to the global executor and back for each)
        #expect(count == 1_000)
        #expect(executor.jobs < 10, "the consumer's actor ran \(executor.jobs) jobs for 1,000 events")
    }

    @Test func aRunOfSamplesKnownAheadIsDrivenOnTheConsumersActorWithoutLeavingIt() async {
        // Given an actor on a counting executor, and a use case over 2,000 fixes and motion
        // samples known before the run, unpaced
        let executor = CountingExecutor()
        let consumer = EventConsumer(executor: executor)
        // When the actor iterates the run's events
        let progress = await consumer.drainKnownRun(seconds: 2_000)
        // Then a progress arrives for every second, and the actor was entered a handful of times
        #expect(progress >= 1_999)
        #expect(executor.jobs < 10, "the consumer's actor ran \(executor.jobs) jobs for \(progress) events")
    }

    @Test func forEachHandsOverTheSameEventsAsForAwaitWithoutLeavingTheActor() async {
        // Given an actor on a counting executor, and the same known run twice
        let executor = CountingExecutor()
        let consumer = EventConsumer(executor: executor)
        // When one is iterated with for await and the other handed to forEach
        let iterated = await consumer.eventTimes(seconds: 2_000, handingOver: false)
        let handed = await consumer.eventTimes(seconds: 2_000, handingOver: true)
        // Then both give the same events at the same run times, ending with the same summary,
        // and the actor was entered a handful of times
        #expect(handed.count >= 2_000)
        #expect(handed == iterated)
        #expect(executor.jobs < 10, "the consumer's actor ran \(executor.jobs) jobs for \(handed.count * 2) events")
    }
}

/// Sensors whose samples are all known before the run (as a replay's are).
private struct KnownSensors: LocationProvider, MotionProvider {
    let locations: [LocationSample]
    let motions: [MotionSample]

    func locationUpdates() -> AsyncStream<LocationSample> { AsyncStream { $0.finish() } }
    func motionUpdates() -> AsyncStream<MotionSample> { AsyncStream { $0.finish() } }
    var knownLocations: [LocationSample]? { locations }
    var knownMotions: [MotionSample]? { motions }
}

/// A serial executor that runs jobs on a dispatch queue and counts them.
private final class CountingExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "counting-executor")
    private let count = Atomic<Int>(0)

    var jobs: Int { count.load(ordering: .relaxed) }

    func enqueue(_ job: consuming ExecutorJob) {
        count.add(1, ordering: .relaxed)
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}

private actor EventConsumer {
    private let executor: CountingExecutor

    init(executor: CountingExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func drain(events total: Int) async -> Int {
        let produced = Mutex(0)
        let events = RunEventStream(unfolding: {
            produced.withLock { count in
                guard count < total else { return nil }
                count += 1
                return .gpsLost(RunSnapshot())
            }
        })
        var count = 0
        for await _ in events { count += 1 }
        return count
    }

    /// Each event's kind and run time, read with `for await` or handed over by `forEach`.
    func eventTimes(seconds: Int, handingOver: Bool) async -> [String] {
        let useCase = knownRun(seconds: seconds)
        var times: [String] = []
        let note = { (event: RunEvent) in
            switch event {
            case .progress(let snapshot): times.append("progress \(snapshot.elapsedSeconds) \(snapshot.distanceMetres)")
            case .finished(let summary): times.append("finished \(summary.snapshot.distanceMetres)")
            default: times.append("\(event)")
            }
        }
        if handingOver {
            await useCase.events().forEach(note)
        } else {
            for await event in useCase.events() { note(event) }
        }
        return times
    }

    func drainKnownRun(seconds: Int) async -> Int {
        let useCase = knownRun(seconds: seconds)
        var progress = 0
        for await event in useCase.events() {
            if case .progress = event { progress += 1 }
        }
        return progress
    }

    private func knownRun(seconds: Int) -> DefaultRunningUseCase {
        let sensors = KnownSensors(
            locations: (0..<seconds).map { second in
                LocationSample(time: Double(second), coordinate: Coordinate(latitude: 45, longitude: 7 + Double(second) * 3e-5),
                               horizontalAccuracy: 4)
            },
            motions: (0..<seconds).map { MotionSample(time: Double($0), activity: .running, cadence: 170) })
        return DefaultRunningUseCase(
            profile: RunnerProfile(name: "Ada", weightKilograms: 60), goalMetres: nil, locationProvider: sensors,
            motionProvider: sensors, clock: UnpacedTestClock())
    }
}
