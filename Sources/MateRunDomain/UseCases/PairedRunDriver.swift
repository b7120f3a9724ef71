import Synchronization

/// One paired run in motion: the task that feeds `MatePairRules` and the events it publishes.
///
/// Started by the first `next()`. Cancelling it cancels the own run, whose cancelled summary
/// still reaches the rules (through a `Mailbox`, which cancellation does not end), so the mate
/// is told and the reader still gets the final summary.
final class PairedRunDriver: Sendable {
    private let setup: MateRunSetup
    private let published = Mailbox<PairedRunEvent>()
    private let worker = Mutex<Task<Void, Never>?>(nil)

    init(setup: MateRunSetup) {
        self.setup = setup
    }

    /// The next event; once the reader is cancelled, only the final summary.
    func next() async -> PairedRunEvent? {
        start()
        while let event = await published.take() {
            if Task.isCancelled, !event.isFinal { continue }
            return event
        }
        return nil
    }

    func cancel() {
        worker.withLock { $0 }?.cancel()
    }

    private func start() {
        worker.withLock { worker in
            guard worker == nil else { return }
            worker = Task { [setup, published] in
                await Self.run(setup, publishing: published)
                published.close()
            }
        }
    }

    private static func run(_ setup: MateRunSetup, publishing published: Mailbox<PairedRunEvent>) async {
        let clock = setup.clock
        let link = setup.pairing.link
        var rules = MatePairRules(
            role: setup.pairing.role, ownName: setup.profile.name, mateName: setup.pairing.mateName,
            terms: setup.pairing.terms, mateSport: setup.pairing.mateSport, now: clock.now())
        let stopSignal = RunStopSignal()
        let ownRun = setup.makeRun(rules.ownGoalMetres, stopSignal)
        let inputs = Mailbox<MatePairInput>()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await forward(ownRun.events(), to: inputs) }
            group.addTask {
                for await event in link.events { inputs.post(.link(event)) }
            }
            group.addTask { await tick(clock, into: inputs) }
            while !rules.isOver, let input = await inputs.take() {
                let actions = rules.handle(input, now: clock.now())
                // Carried out in a task of its own, so that a cancelled run still says goodbye.
                await Task {
                    await carryOut(actions, link: link, stopSignal: stopSignal, published: published)
                }.value
            }
            group.cancelAll()
        }
    }

    private static func carryOut(
        _ actions: [MatePairAction], link: any MateLink, stopSignal: RunStopSignal, published: Mailbox<PairedRunEvent>
    ) async {
        for action in actions {
            switch action {
            case .send(let message): await link.send(message)
            case .stopOwnRun(let ending): stopSignal.stop(ending)
            case .publish(let event): published.post(event)
            case .close(let goodbye): await link.close(goodbye)
            }
        }
    }

    /// Passes the own run's events on. A run cancelled between two events can end its stream
    /// without a summary; the rules then get a cancelled summary of the last figures.
    private static func forward(_ events: RunEventStream, to inputs: Mailbox<MatePairInput>) async {
        var latest = RunSnapshot()
        var splits: [Split] = []
        for await event in events {
            inputs.post(.own(event))
            if case .finished = event { return }
            if case .split(let split) = event { splits.append(split) }
            if let snapshot = event.snapshot { latest = snapshot }
        }
        inputs.post(.own(.finished(RunSummary(snapshot: latest, splits: splits, ending: .cancelled))))
    }

    /// A tick every wall-clock second, on absolute deadlines; skips ticks it fell behind on. An
    /// unpaced clock has no seconds to count, so it gets no ticks.
    private static func tick(_ clock: any RunClock, into inputs: Mailbox<MatePairInput>) async {
        guard clock.isPaced else { return }
        var deadline = clock.now() + 1
        while true {
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return
            }
            inputs.post(.tick)
            deadline = max(deadline + 1, clock.now())
        }
    }
}

private extension PairedRunEvent {
    var isFinal: Bool {
        if case .finished = self { true } else { false }
    }
}
