@testable import MateRunApp
import MateRunDomain
import MateRunScenarios
import MateRunTestSupport
import Testing

/// The history of a run keeps what its session accepted, whatever the kind of run and its pace:
/// every kind goes through `RunEngine`, which hands every kept block to the keeper in order.
@Suite("Every kind of run keeps at any pace the fixes a full-speed run keeps", .timeLimit(.minutes(5)))
struct PacedRunKindsKeepTests {
    private let profile = RunnerProfile(name: "Ada", weightKilograms: 60)

    /// Eight minutes of running with a stop and a loss of signal: motion updates share the
    /// fixes' seconds, the order that decides which fix a progress carries.
    private var track: TrackBuilder {
        var builder = TrackBuilder()
        builder.north(speed: 3.2, seconds: 240, noise: 2, activity: .running)
        builder.stand(seconds: 40, noise: 2, activity: .still)
        builder.signalLoss(speed: 3, seconds: 20)
        builder.north(speed: 2.8, seconds: 180, noise: 3, activity: .running)
        return builder
    }

    enum Kind: String, CaseIterable, Sendable { case solo, mate, group }

    @Test(arguments: Kind.allCases)
    func aPacedRunKeepsTheFixesOfAFullSpeedRun(kind: Kind) async throws {
        // Given the same track run at full speed, and paced by a clock whose waits the scheduler orders
        let full = try await keptFixes(kind, clock: UnpacedTestClock())
        // When it is paced, three times
        for _ in 0..<3 {
            let paced = try await keptFixes(kind, clock: YieldingPacedClock())
            // Then each paced run kept the very fixes of the full-speed one
            #expect(paced.count == full.count)
            #expect(paced == full)
        }
        #expect(full.count > 400)
    }

    /// Runs the track as `kind` through the engine with `clock` as its run clock; the fixes kept.
    private func keptFixes(_ kind: Kind, clock: some RunClock) async throws -> [RecordedFix] {
        let store = MemoryRecordStore()
        let track = track, profile = profile
        let engine = RunEngine(profile: profile, screen: SilentScreen(), wallClock: UnpacedTestClock(), keeper: store.keeper()) { goal, stop in
            DefaultRunningUseCase(
                profile: profile, goalMetres: goal,
                locationProvider: RecordedSensor(samples: track.samples, clock: clock),
                motionProvider: RecordedSensor(samples: track.motions, clock: clock), clock: clock, stopSignal: stop)
        }
        switch kind {
        case .solo:
            _ = await engine.run(SoloCompanion(profile: profile, goalMetres: nil, countdownSeconds: 0))
        case .mate:
            // A mate lost before the start: the own run goes on alone to its end.
            let link = FakeMateLink()
            link.push(.lost(reason: .connectionLost, detail: "gone"))
            let pairing = MatePairing(
                role: .host, mateName: "Ben", terms: MateTerms(mode: .race, goalMetres: 50_000), secondsUntilStart: 0, link: link)
            let summary = await engine.run(MateCompanion(profile: profile, pairing: pairing))
            #expect(summary.result == .mateLost)
        case .group:
            let link = FakeGroupLink(terms: GroupTerms(mode: .race, goalMetres: 50_000))
            link.push(.start(inSeconds: 0))
            let running = Task { await engine.run(GroupCompanion(profile: profile, link: link, now: 0)) }
            try await withTimeout {
                while !link.reports.contains(where: \.finished) { await Task.yield() }
            }
            let terms = link.terms
            let runner = GroupRunner(id: "me", name: "Ada", distanceMetres: 1, elapsedSeconds: 1, status: .finished)
            link.push(.board(GroupBoardMessage(
                board: GroupBoard(phase: .over, terms: terms, runners: [runner]), places: [1], runners: 1, total: 1, teamMetres: 0)))
            let outcome = await running.value
            #expect(!outcome.groupFailed)
        }
        return store.kept.withLock { $0.fixes }
    }
}
