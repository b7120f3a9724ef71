/// The time the mate transport reads and waits on, injected like the run clock: a link's
/// heartbeats and its lost-after bound, the host's throttle, the joiner's backoff, and the round
/// trip that sets the agreed start.
///
/// A struct of two closures rather than a `Clock`, so that a test can drive it with the manual
/// clock it already has and see a 30 s timeout happen without waiting for it.
package struct MateClock: Sendable {
    /// Time since an origin of the clock's choosing.
    package var now: @Sendable () -> Duration
    /// Waits for `duration`; throws `CancellationError` when the waiting task is cancelled.
    package var sleep: @Sendable (Duration) async throws -> Void

    package init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's monotonic clock: what the program uses.
    package static let continuous: MateClock = {
        let origin = ContinuousClock.now
        return MateClock(now: { origin.duration(to: .now) }, sleep: { try await Task.sleep(for: $0) })
    }()
}
