import MateRunDomain

/// A clock that never waits, for a run driven by its sensors alone: the use case then takes the
/// recorded samples in time order, deterministically, whatever the scheduler does.
package struct UnpacedTestClock: RunClock {
    package init() {}
    package var isPaced: Bool { false }
    package func now() -> Double { 0 }
    package func sleep(until deadline: Double) async throws { try Task.checkCancellation() }
}
