/// The time source a run is measured against, in seconds of run time.
///
/// Injected so that Domain never reads the wall clock: production scales a monotonic clock by the
/// replay speed, an unpaced replay never waits, and tests advance a manual clock by hand.
package protocol RunClock: Sendable {
    /// Whether sleeping waits for time to pass. An unpaced clock (a replay as fast as possible)
    /// returns at once, so sensors can be read strictly in time order without ever stalling.
    var isPaced: Bool { get }
    /// Seconds of run time since the clock's origin.
    func now() -> Double
    /// Suspends until `deadline` seconds of run time. Throws `CancellationError` when the
    /// waiting task is cancelled.
    func sleep(until deadline: Double) async throws
}
