import MateRunDomain
import Synchronization

/// The production run clock: real monotonic time, optionally sped up for a faster replay.
///
/// Run time is real elapsed time since the origin times `speed`. Sleeps target absolute
/// instants (origin + deadline / speed), so a long replay never drifts however late each wake is.
public final class ScaledRunClock: RunClock, Sendable {
    /// Run seconds per real second: 1 for real time, 10 for ten times faster.
    public let speed: Double
    private let origin: Mutex<ContinuousClock.Instant>

    /// Starts run time at zero now. `speed` must be positive.
    public init(speed: Double = 1) {
        precondition(speed > 0 && speed.isFinite, "ScaledRunClock speed must be positive")
        self.speed = speed
        origin = Mutex(ContinuousClock.now)
    }

    /// Restarts run time at zero now (e.g. when a countdown ends).
    public func start() {
        origin.withLock { $0 = ContinuousClock.now }
    }

    public var isPaced: Bool { true }

    public func now() -> Double {
        let elapsed = ContinuousClock.now - origin.withLock { $0 }
        return Self.seconds(elapsed) * speed
    }

    public func sleep(until deadline: Double) async throws {
        let start = origin.withLock { $0 }
        let instant = start.advanced(by: .seconds(deadline / speed))
        try await ContinuousClock().sleep(until: instant, tolerance: nil)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
