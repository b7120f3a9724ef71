import Synchronization

/// What the runner asks of a run while it goes, by hand: pause or resume, mark a lap, or stop
/// and keep the run.
package enum RunnerCommand: Sendable, Equatable {
    case togglePause
    /// Pause unless already paused by the runner (a script's `pause`, which must not resume).
    case pause
    /// Resume a pause the runner made, else nothing.
    case resume
    case markLap
    case stop
}

/// The runner's commands on their way to a running use case, from whatever reads the keys.
///
/// The use case takes them before each sensor reading, at the run time the latest reading set,
/// so a command is applied within one sample, in the order given. Nearly every reading finds
/// none: a flag says so without taking the lock.
package final class RunnerControls: Sendable {
    private let queue = Mutex<[RunnerCommand]>([])
    private let waiting = Atomic<Bool>(false)

    package init() {}

    package func send(_ command: RunnerCommand) {
        queue.withLock { $0.append(command) }
        waiting.store(true, ordering: .releasing)
    }

    /// Takes every command sent since the last call.
    func take() -> [RunnerCommand] {
        // A command sent while the flag is cleared sets it again, so none is left behind.
        guard waiting.exchange(false, ordering: .acquiringAndReleasing) else { return [] }
        return queue.withLock { commands in
            defer { commands.removeAll() }
            return commands
        }
    }
}
