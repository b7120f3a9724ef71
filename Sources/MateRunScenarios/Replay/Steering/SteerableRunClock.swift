import MateRunDomain
import Synchronization

/// A paced run clock whose speed changes while the replay runs (`+`/`-`, a control's `speed`):
/// run time follows `base` (real time in a replay, a manual clock in tests) at the present
/// speed, re-anchored at each change (`PlaybackRate`), so it never jumps.
///
/// A sleep waits on `base` in slices of at most `slice` seconds and checks the run time after
/// each, so that a sleep begun at 1x ends as soon as a later change to 64x says it should.
package final class SteerableRunClock: RunClock, Sendable {
    /// The longest a sleeper waits on the base clock before it looks at the speed again.
    package static let slice = 0.05
    private let base: any RunClock
    private let rate: Mutex<PlaybackRate>

    package init(speed: Double, base: any RunClock) {
        self.base = base
        rate = Mutex(PlaybackRate(speed: speed, baseAnchor: base.now()))
    }

    package var isPaced: Bool { true }

    package var speed: Double { rate.withLock { $0.speed } }

    package func now() -> Double {
        let at = base.now()
        return rate.withLock { $0.runTime(atBase: at) }
    }

    /// Plays at `speed` from now on.
    package func change(to speed: Double) {
        let at = base.now()
        rate.withLock { $0.change(to: speed, atBase: at) }
    }

    package func sleep(until deadline: Double) async throws {
        while true {
            let at = base.now()
            let target = rate.withLock { $0.runTime(atBase: at) >= deadline ? nil : $0.baseTime(forRun: deadline) }
            guard let target else { return }
            try await base.sleep(until: min(target, at + Self.slice))
        }
    }
}
