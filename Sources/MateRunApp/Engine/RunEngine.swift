import MateRunDomain
import MateRunPresentation
import Synchronization

/// The one pipeline every run goes through, whatever its kind: solo and ghost replays, live
/// tracks, pairs and groups.
///
/// It counts down to the start, builds the own run then (so run time begins at zero), hands
/// every event of it, in order, to the participants (`RunParticipants`: the history, the view
/// model, the screen), and lets one `RunCompanion` say what the run means beside someone. A
/// companion with a link gets one ordered input: the own run's events, the link's events and a
/// tick per wall second, merged here and nowhere else. Cancelling the calling task (Ctrl-C)
/// cancels the own run, whose cancelled summary still reaches the companion, so a mate or a
/// group is told.
struct RunEngine {
    /// Builds the own run with the goal the companion gives and, for a companion with a link,
    /// the signal through which it ends the run early. Called at the start, so a run clock it
    /// makes begins then.
    typealias RunFactory = @Sendable (_ goalMetres: Double?, _ stopSignal: RunStopSignal?) -> any RunningUseCase

    let profile: RunnerProfile
    let screen: any RunScreen
    /// Wall time: the countdown and the companion's seconds.
    let wallClock: any RunClock
    let makeRun: RunFactory
    /// Keeps the run in the history as it goes; nil with `--no-save` or without a data directory.
    var keeper: RunKeeper?

    init(profile: RunnerProfile, screen: any RunScreen, wallClock: any RunClock, keeper: RunKeeper? = nil, makeRun: @escaping RunFactory) {
        self.profile = profile
        self.screen = screen
        self.wallClock = wallClock
        self.keeper = keeper
        self.makeRun = makeRun
    }

    /// Runs from the countdown to the result; returns what the companion makes of it.
    func run<Companion: RunCompanion>(_ companion: Companion) async -> Companion.Outcome {
        var companion = companion
        var participants = RunParticipants(screen: screen, keeper: keeper)
        participants.viewModel.send(.started(profile: profile, goalMetres: companion.ownGoalMetres))
        let own: RunSummary?
        if let messages = companion.messages {
            own = await runMerged(&companion, messages: messages, participants: &participants)
        } else {
            own = await runStraight(&companion, participants: &participants)
        }
        return await companion.finish(own, participants: &participants)
    }

    /// A run with nobody to hear from: its events are read as fast as the run makes them.
    private func runStraight<Companion: RunCompanion>(
        _ companion: inout Companion, participants: inout RunParticipants
    ) async -> RunSummary? {
        guard await countDown(companion.secondsUntilStart ?? 0, participants: &participants) else { return nil }
        var final = RunSummary.notStarted(goalMetres: companion.ownGoalMetres)
        await makeRun(companion.ownGoalMetres, nil).events().forEach { event in
            guard case .finished(let summary) = event else {
                participants.take(event, beside: companion.beside(event))
                return
            }
            final = summary
        }
        return final
    }

    /// A run beside a companion with a link: one ordered input until the companion concludes.
    private func runMerged<Companion: RunCompanion>(
        _ companion: inout Companion, messages: AsyncStream<Companion.Message>, participants: inout RunParticipants
    ) async -> RunSummary? {
        let inputs = Mailbox<EngineInput<Companion.Message>>()
        let ownRun = OwnRunTask()
        let wall = wallClock
        let feeders = [
            Task {
                for await message in messages { inputs.post(.input(.message(message))) }
            },
            Task { await Self.tick(wall, into: inputs) },
        ]
        defer {
            feeders.forEach { $0.cancel() }
            ownRun.cancel()
        }
        var startIn = companion.secondsUntilStart
        var own: RunSummary?
        var began = false
        return await withTaskCancellationHandler {
            while true {
                if let seconds = startIn {
                    startIn = nil
                    let directives: [RunDirective]
                    if await countDown(seconds, participants: &participants) {
                        began = true
                        directives = await companion.take(.began, now: wall.now(), participants: &participants)
                        ownRun.start(makeRun(companion.ownGoalMetres, ownRun.stopSignal), into: inputs)
                    } else {
                        directives = await companion.take(.cancelledBeforeStart, now: wall.now(), participants: &participants)
                    }
                    if carryOut(directives, on: ownRun, startIn: &startIn) { break }
                }
                guard let next = await inputs.take() else { break }
                let input: RunInput<Companion.Message>
                switch next {
                case .interrupted:
                    // During the run, the own run's cancelled summary tells the companion;
                    // after it, the runner stops waiting for the companion's verdict.
                    if began, own == nil { continue }
                    input = began ? .stoppedWaiting : .cancelledBeforeStart
                case .input(let taken):
                    input = taken
                }
                if case .own(let event) = input {
                    if case .finished(let summary) = event {
                        own = summary
                    } else {
                        participants.take(event, beside: companion.beside(event))
                    }
                }
                if carryOut(await companion.take(input, now: wall.now(), participants: &participants), on: ownRun, startIn: &startIn) {
                    break
                }
            }
            return own
        } onCancel: {
            ownRun.cancel()
            inputs.post(.interrupted)
        }
    }

    /// Does what the companion said; true once it concluded.
    private func carryOut(_ directives: [RunDirective], on ownRun: OwnRunTask, startIn: inout Double?) -> Bool {
        for directive in directives {
            switch directive {
            case .startIn(let seconds): startIn = seconds
            case .stopRun(let ending): ownRun.stopSignal.stop(ending)
            case .conclude: return true
            }
        }
        return false
    }

    /// The countdown, then the start: false when cancelled during it.
    private func countDown(_ seconds: Double, participants: inout RunParticipants) async -> Bool {
        guard await Countdown(clock: wallClock, screen: screen).run(seconds: seconds, viewModel: &participants.viewModel) else {
            return false
        }
        screen.show(participants.viewModel.send(.countdown(0)))
        keeper?.begin()
        return true
    }

    /// A tick every wall-clock second, on absolute deadlines; skips ticks it fell behind on. An
    /// unpaced clock has no seconds to count, so it gets no ticks.
    private static func tick<Message>(_ clock: any RunClock, into inputs: Mailbox<EngineInput<Message>>) async {
        guard clock.isPaced else { return }
        var deadline = clock.now() + 1
        while (try? await clock.sleep(until: deadline)) != nil {
            inputs.post(.input(.tick))
            deadline = max(deadline + 1, clock.now())
        }
    }
}

/// What reaches the engine's loop: an input for the companion, or Ctrl-C.
private enum EngineInput<Message: Sendable>: Sendable {
    case input(RunInput<Message>)
    case interrupted
}

/// The own run of a run with a companion: read by a task of its own into the engine's inputs,
/// cancelled by Ctrl-C (its cancelled summary still comes) and stopped by the companion.
private final class OwnRunTask: Sendable {
    let stopSignal = RunStopSignal()
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func start<Message>(_ run: any RunningUseCase, into inputs: Mailbox<EngineInput<Message>>) {
        let task = Task {
            // A run cancelled between two events can end its stream without a summary; the
            // companion then gets a cancelled summary of the last figures.
            var latest = RunSnapshot()
            var splits: [Split] = []
            var finished = false
            await run.events().forEach { event in
                inputs.post(.input(.own(event)))
                switch event {
                case .finished: finished = true
                case .split(let split): splits.append(split)
                default: if let snapshot = event.snapshot { latest = snapshot }
                }
            }
            if !finished {
                inputs.post(.input(.own(.finished(RunSummary(snapshot: latest, splits: splits, ending: .cancelled)))))
            }
        }
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}
