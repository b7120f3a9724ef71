import MateRunDomain
import MateRunScenarios
import MateRunTestSupport
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

    private func summary(of useCase: DefaultRunningUseCase) async -> RunSummary? {
        var last: RunSummary?
        for await event in useCase.events() {
            if case .finished(let summary) = event { last = summary }
        }
        return last
    }
}
