import MateRunDomain
import MateRunScenarios
import MateRunTestSupport
import Synchronization
import Testing

/// A location sensor that is not a replay: the test pushes fixes into it as a device or a socket
/// would, so nothing is known ahead.
private struct PushedLocations: LocationProvider {
    let stream: AsyncStream<LocationSample>
    func locationUpdates() -> AsyncStream<LocationSample> { stream }
}

/// A motion sensor the test pushes updates into.
private struct PushedMotions: MotionProvider {
    let stream: AsyncStream<MotionSample>
    func motionUpdates() -> AsyncStream<MotionSample> { stream }
}

/// What a run said as it went: the latest second of its progress, and the fixes it kept (by their
/// times), each with the run's elapsed time at it.
private final class RunNotes: Sendable {
    private let notes = Mutex((lastSecond: -1.0, keptTimes: [Double](), keptAtTheirOwnTime: true))

    func note(_ event: RunEvent) {
        notes.withLock { notes in
            switch event {
            case .progress(let snapshot):
                notes.lastSecond = snapshot.elapsedSeconds
            case .kept(let fixes):
                notes.keptTimes += fixes.map(\.fix.time)
                notes.keptAtTheirOwnTime = notes.keptAtTheirOwnTime && fixes.allSatisfy { $0.elapsedSeconds == $0.fix.time }
            default:
                break
            }
        }
    }

    var lastSecond: Double { notes.withLock { $0.lastSecond } }
    var keptTimes: [Double] { notes.withLock { $0.keptTimes } }
    /// Whether every kept fix had the run's elapsed time equal to its own (in a run whose fixes
    /// and motion updates share whole seconds).
    var keptAtTheirOwnTime: Bool { notes.withLock { $0.keptAtTheirOwnTime } }
}

@Suite("The sensor ports take any stream, not only a replay")
struct StreamingSensorTests {
    @Test(arguments: [true, false])
    func fixesPushedAsTheyHappenMakeTheSameRunAsAReplay(paced: Bool) async throws {
        // Given ten minutes at 3 m/s, as a replay and as sensors the test pushes into
        var builder = TrackBuilder()
        builder.north(speed: 3, seconds: 600, activity: .running)
        let track = builder
        let profile = RunnerProfile(name: "Ada", weightKilograms: 60)
        let replay = try await withTimeout {
            await summary(of: DefaultRunningUseCase(
                profile: profile, goalMetres: nil,
                locationProvider: RecordedSensor(samples: track.samples, clock: UnpacedTestClock()),
                motionProvider: RecordedSensor(samples: track.motions, clock: UnpacedTestClock()),
                clock: UnpacedTestClock()))
        }
        let (locations, locationSink) = AsyncStream.makeStream(of: LocationSample.self)
        let (motions, motionSink) = AsyncStream.makeStream(of: MotionSample.self)
        let clock: any RunClock = paced ? ManualClock() : UnpacedTestClock()
        let streamed = DefaultRunningUseCase(
            profile: profile, goalMetres: nil,
            locationProvider: PushedLocations(stream: locations), motionProvider: PushedMotions(stream: motions),
            clock: clock)
        // When the samples are pushed one by one while the run consumes them
        let running = Task { await summary(of: streamed) }
        for sample in track.samples { locationSink.yield(sample) }
        for sample in track.motions { motionSink.yield(sample) }
        locationSink.finish()
        motionSink.finish()
        let pushed = try await withTimeout { await running.value }
        // Then the run is the replay's, to the metre
        #expect(pushed?.ending == .sensorsEnded)
        #expect(abs((pushed?.snapshot.distanceMetres ?? 0) - (replay?.snapshot.distanceMetres ?? -1)) < 1)
        #expect(pushed?.snapshot.elapsedSeconds == replay?.snapshot.elapsedSeconds)
    }

    @Test func everyFixIsKeptWhateverOrderTheStreamsDeliverIn() async throws {
        // Given a paced run of sensors the test pushes into, whose motion update comes before
        // the fix in every other second (a live run's two streams may deliver either first)
        let (locations, locationSink) = AsyncStream.makeStream(of: LocationSample.self)
        let (motions, motionSink) = AsyncStream.makeStream(of: MotionSample.self)
        let progress = RunNotes()
        let running = Task {
            let useCase = DefaultRunningUseCase(
                profile: RunnerProfile(name: "Ada", weightKilograms: 60), goalMetres: nil,
                locationProvider: PushedLocations(stream: locations), motionProvider: PushedMotions(stream: motions),
                clock: ManualClock())
            await useCase.events().forEach { event in progress.note(event) }
        }
        func progressOut(_ second: Int) async throws {
            for _ in 0..<10_000 where progress.lastSecond < Double(second) {
                try await Task.sleep(for: .milliseconds(1))
            }
            try #require(progress.lastSecond >= Double(second), "no progress for second \(second)")
        }
        func fix(_ second: Int) -> LocationSample {
            LocationSample(time: Double(second), coordinate: Coordinate(latitude: 45 + Double(second) * 3e-5, longitude: 7),
                           horizontalAccuracy: 4)
        }
        func motion(_ second: Int) -> MotionSample { MotionSample(time: Double(second), activity: .running, cadence: 170) }
        // When each even second's motion update is taken (its progress out) before its fix
        // comes, and each odd second's fix comes first
        for second in stride(from: 0, to: 30, by: 2) {
            motionSink.yield(motion(second))
            try await progressOut(second)
            locationSink.yield(fix(second))
            locationSink.yield(fix(second + 1))
            try await progressOut(second + 1)
            motionSink.yield(motion(second + 1))
        }
        locationSink.finish()
        motionSink.finish()
        try await withTimeout { await running.value }
        // Then every fix was kept once, in order, those superseded by the next before a progress
        // came as well as those a progress came after
        #expect(progress.keptTimes == (0..<30).map(Double.init))
        // And each has the figures of its own moment, not of the fix that came after it
        #expect(progress.keptAtTheirOwnTime)
    }

    private func summary(of useCase: DefaultRunningUseCase) async -> RunSummary? {
        var last: RunSummary?
        for await event in useCase.events() {
            if case .finished(let summary) = event { last = summary }
        }
        return last
    }
}
