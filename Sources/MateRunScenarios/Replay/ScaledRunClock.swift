import MateRunDomain

/// The production run clock: real monotonic time, optionally sped up for a faster replay.
///
/// Run time is real elapsed time since the origin times `speed`. Sleeps target absolute
/// instants (origin + deadline / speed), so a long replay never drifts however late each wake is.
package final class ScaledRunClock: RunClock, Sendable {
    /// Run seconds per real second: 1 for real time, 10 for ten times faster.
    package let speed: Double
    private let origin: ContinuousClock.Instant

    /// Starts run time at zero now. `speed` must be positive.
    package init(speed: Double = 1) {
        precondition(speed > 0 && speed.isFinite, "ScaledRunClock speed must be positive")
        self.speed = speed
        origin = ContinuousClock.now
    }

    package var isPaced: Bool { true }

    package func now() -> Double {
        (ContinuousClock.now - origin).seconds * speed
    }

    package func sleep(until deadline: Double) async throws {
        let instant = origin.advanced(by: .seconds(deadline / speed))
        try await ContinuousClock().sleep(until: instant, tolerance: nil)
    }
}
