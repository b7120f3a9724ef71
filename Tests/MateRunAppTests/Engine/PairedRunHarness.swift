@testable import MateRunApp
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunScenarios
import MateRunTestSupport
import Synchronization

/// Builds paired runs over fake links and one manual clock, and drives them to their end.
struct PairedRunHarness {
    let clock = ManualClock()

    /// One side of a pair, run through `RunEngine` beside a `MateCompanion`, as `host` and `join` run.
    func run(_ role: MateRole, terms: MateTerms, link: FakeMateLink, track: TrackBuilder) -> PairedTestRun {
        let own = role == .host ? "Ben" : "Ana", mate = role == .host ? "Ana" : "Ben"
        let pairing = MatePairing(role: role, mateName: mate, terms: terms, secondsUntilStart: 0, link: link)
        let profile = RunnerProfile(name: own, weightKilograms: 65)
        let clock = clock, samples = track.samples, motions = track.motions
        return PairedTestRun(profile: profile, pairing: pairing, clock: clock) { goalMetres, stopSignal in
            DefaultRunningUseCase(
                profile: profile, goalMetres: goalMetres,
                locationProvider: RecordedSensor(samples: samples, clock: clock),
                motionProvider: RecordedSensor(samples: motions, clock: clock),
                clock: clock, stopSignal: stopSignal)
        }
    }

    /// Advances the clock a second at a time until `done`. After each step it lets the woken
    /// tasks run until they have slept on the clock again for a while (or a bounded number of
    /// turns, for a task that ended), so that no side falls behind the clock and looks silent to
    /// the other.
    ///
    /// The bound is in run time, not wall time: a loaded machine makes the test slower, never
    /// wrong. A run still going after `runTimeBound` seconds of the manual clock fails the test.
    func drive(runTimeBound: Double = 20_000, until done: @escaping @Sendable () -> Bool) async throws {
        let start = clock.now()
        while !done() {
            guard clock.now() - start < runTimeBound else {
                throw RunTimeBoundExceeded(seconds: runTimeBound)
            }
            let sleepers = clock.sleeperCount
            clock.advance(by: 1)
            var turns = 0, calm = 0
            while calm < 100, turns < 5_000, !done() {
                await Task.yield()
                turns += 1
                calm = clock.sleeperCount >= sleepers ? calm + 1 : 0
            }
        }
    }
}

/// A paired run that the harness drove past its bound of run time without `done` coming true.
struct RunTimeBoundExceeded: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "still not done after \(seconds) s of run time on the manual clock" }
}

/// A paired run going on in a task of its own, and the mate as its screen was shown it.
final class PairedTestRun: Sendable {
    let task: Task<PairedRunSummary, Never>
    let screen: MateStatusScreen
    private let ended: Flag

    init(profile: RunnerProfile, pairing: MatePairing, clock: ManualClock, makeRun: @escaping RunEngine.RunFactory) {
        let ended = Flag()
        let screen = MateStatusScreen()
        self.ended = ended
        self.screen = screen
        task = Task {
            let engine = RunEngine(profile: profile, screen: screen, wallClock: clock, makeRun: makeRun)
            let summary = await engine.run(MateCompanion(profile: profile, pairing: pairing))
            ended.set()
            return summary
        }
    }

    var isOver: Bool { ended.isSet }

    /// The pair's result, once the run ended.
    func summary() async throws -> PairedRunSummary {
        let task = task
        return try await withTimeout(120) { await task.value }
    }

    /// What the screen said of the mate's run and link each time it was shown the mate, in order.
    var mateNotes: [String?] { screen.notes }
}

/// A screen that keeps what it says of the mate's run and link each time it is shown the mate.
final class MateStatusScreen: RunScreen, Sendable {
    private let shown = Mutex<[String?]>([])
    var notes: [String?] { shown.withLock { $0 } }

    func show(_ state: RunningViewModel.State) {
        guard let mate = state.mate else { return }
        shown.withLock { $0.append(mate.connection) }
    }
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {}
    func announce(_ fields: [JSONMember], text: String) {}
    var messageWriter: @Sendable (String) -> Void { { _ in } }
    func restore() {}
    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {}
}
