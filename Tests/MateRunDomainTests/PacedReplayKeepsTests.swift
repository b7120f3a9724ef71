import MateRunDomain
import MateRunScenarios
import MateRunTestSupport
import Testing

@Suite("A paced replay keeps the fixes a replay at full speed keeps")
struct PacedReplayKeepsTests {
    @Test func aPacedReplayKeepsEveryFixOfAFullSpeedReplayWithTheSameFigures() async throws {
        // Given twenty minutes of running with stops, noise, a loss of signal and motion updates
        // sharing the fixes' seconds (the order that decides which fix a progress carries)
        var builder = TrackBuilder()
        builder.north(speed: 3.2, seconds: 400, noise: 2, activity: .running)
        builder.stand(seconds: 60, noise: 2, activity: .still)
        builder.signalLoss(speed: 3, seconds: 30)
        builder.north(speed: 2.8, seconds: 600, noise: 3, activity: .running)
        let track = builder
        // When it is replayed at full speed, and paced by a clock whose waits the scheduler
        // orders, three times
        let full = await keptFixes(track, clock: UnpacedTestClock())
        var paced: [[KeptFix]] = []
        for _ in 0..<3 {
            paced.append(try await withTimeout { await keptFixes(track, clock: YieldingPacedClock()) })
        }
        // Then every paced replay kept the very fixes, with the very figures, of the full-speed one
        #expect(full.count > 1_000)
        for run in paced {
            #expect(run.count == full.count)
            let firstDifference = run.indices.first { $0 >= full.count || run[$0] != full[$0] }
            #expect(firstDifference == nil)
        }
    }

    @Test func aReplayAtFullSpeedHandsItsFixesOverInBlocksAPacedOneEachAsItComes() async throws {
        // Given ten minutes at 1 Hz, short of a kilometre (a split hands the fixes before it over)
        var builder = TrackBuilder()
        builder.north(speed: 1.5, seconds: 600, activity: .walking)
        let track = builder
        // When it is replayed at full speed, and paced
        let full = await keptBlocks(track, clock: UnpacedTestClock())
        let paced = try await withTimeout { await keptBlocks(track, clock: YieldingPacedClock()) }
        // Then at full speed the fixes come 256 at a time (the rest at the end), paced one by one,
        // and both keep the same fixes
        #expect(full.map(\.count) == [256, 256, full.joined().count - 512])
        #expect(paced.allSatisfy { $0.count == 1 })
        #expect(Array(paced.joined()) == Array(full.joined()))
    }

    private func keptFixes(_ track: TrackBuilder, clock: any RunClock) async -> [KeptFix] {
        Array(await keptBlocks(track, clock: clock).joined())
    }

    private func keptBlocks(_ track: TrackBuilder, clock: any RunClock) async -> [[KeptFix]] {
        let useCase = DefaultRunningUseCase(
            profile: RunnerProfile(name: "Ada", weightKilograms: 60), goalMetres: nil,
            locationProvider: RecordedSensor(samples: track.samples, clock: clock),
            motionProvider: RecordedSensor(samples: track.motions, clock: clock), clock: clock)
        var blocks: [[KeptFix]] = []
        await useCase.events().forEach { event in
            if case .kept(let fixes) = event { blocks.append(fixes) }
        }
        return blocks
    }
}
