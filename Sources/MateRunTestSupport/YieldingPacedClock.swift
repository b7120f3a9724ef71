import MateRunDomain

/// A run clock that says it is paced but lets the scheduler decide how long each wait takes: the
/// task yields at every sleep, so that readings due together may be handed over in any order.
/// A paced run on it must keep what the same run at full speed keeps.
package struct YieldingPacedClock: RunClock {
    package init() {}
    package var isPaced: Bool { true }
    package func now() -> Double { 0 }
    package func sleep(until deadline: Double) async throws {
        await Task.yield()
        try Task.checkCancellation()
    }
}
