import MateRunDomain
import MateRunTestSupport

/// Builds paired runs over fake links and one manual clock, and drives them to their end.
struct PairedRunHarness {
    /// The backstop on a paired run, in real seconds: generous, because a full test run that
    /// replays real processes at full speed beside it can take both cores for many seconds.
    static let bound = 60.0

    let clock = ManualClock()

    func useCase(
        _ role: MateRole, terms: MateTerms, link: FakeMateLink, track: TrackBuilder
    ) -> DefaultMateRunUseCase {
        let own = role == .host ? "Ben" : "Ana", mate = role == .host ? "Ana" : "Ben"
        let pairing = MatePairing(role: role, mateName: mate, terms: terms, secondsUntilStart: 0, link: link)
        let clock = clock, samples = track.samples, motions = track.motions
        return DefaultMateRunUseCase(
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
    func drive(until done: @escaping @Sendable () -> Bool) async throws {
        let clock = clock
        try await withTimeout(Self.bound) {
            while !done() {
                let sleepers = clock.sleeperCount
                clock.advance(by: 1)
                var turns = 0, calm = 0
                while calm < 100, turns < 5_000 {
                    await Task.yield()
                    turns += 1
                    calm = clock.sleeperCount >= sleepers ? calm + 1 : 0
                }
            }
        }
    }
}

/// A paired run's events, collected by a task of their own.
final class CollectedEvents: Sendable {
    let task: Task<[MateRunEvent], Never>
    private let ended: Flag

    init(_ useCase: some MateRunUseCase) {
        let ended = Flag()
        self.ended = ended
        task = Task {
            var events: [MateRunEvent] = []
            for await event in useCase.events() { events.append(event) }
            ended.set()
            return events
        }
    }

    var isOver: Bool { ended.isSet }

    /// The events, once the stream ended.
    func all() async throws -> [MateRunEvent] {
        let task = task
        return try await withTimeout(PairedRunHarness.bound) { await task.value }
    }

    /// The final summary, or nil if the last event is not one.
    func summary() async throws -> MateRunSummary? {
        guard case .finished(let summary)? = try await all().last else { return nil }
        return summary
    }
}
