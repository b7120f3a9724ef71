import MateRunDomain
import MateRunScenarios
import MateRunTestSupport

/// Builds paired runs over fake links and one manual clock, and drives them to their end.
struct PairedRunHarness {
    let clock = ManualClock()

    func useCase(
        _ role: MateRole, terms: MateTerms, link: FakeMateLink, track: TrackBuilder
    ) -> DefaultPairedRunUseCase {
        let own = role == .host ? "Ben" : "Ana", mate = role == .host ? "Ana" : "Ben"
        let pairing = MatePairing(role: role, mateName: mate, terms: terms, secondsUntilStart: 0, link: link)
        let clock = clock, samples = track.samples, motions = track.motions
        return DefaultPairedRunUseCase(
            pairing: pairing, profile: RunnerProfile(name: own, weightKilograms: 65), clock: clock
        ) { goalMetres, stopSignal in
            DefaultRunningUseCase(
                profile: RunnerProfile(name: own, weightKilograms: 65), goalMetres: goalMetres,
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

/// A paired run's events, collected by a task of their own.
final class CollectedEvents: Sendable {
    let task: Task<[PairedRunEvent], Never>
    private let ended: Flag

    init(_ useCase: some PairedRunUseCase) {
        let ended = Flag()
        self.ended = ended
        task = Task {
            var events: [PairedRunEvent] = []
            for await event in useCase.events() { events.append(event) }
            ended.set()
            return events
        }
    }

    var isOver: Bool { ended.isSet }

    /// The events, once the stream ended.
    func all() async throws -> [PairedRunEvent] {
        let task = task
        return try await withTimeout(120) { await task.value }
    }

    /// The final summary, or nil if the last event is not one.
    func summary() async throws -> PairedRunSummary? {
        guard case .finished(let summary)? = try await all().last else { return nil }
        return summary
    }
}
