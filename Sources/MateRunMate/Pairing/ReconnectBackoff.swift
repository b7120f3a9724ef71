/// The joiner's waits between reconnect attempts: the first delay, then doubling up to a ceiling
/// (0.25 s, 0.5 s, 1 s, 2 s, then every 4 s with the protocol's numbers).
struct ReconnectBackoff {
    private var upcoming: Duration
    private let ceiling: Duration

    init(initial: Duration, ceiling: Duration) {
        upcoming = min(initial, ceiling)
        self.ceiling = ceiling
    }

    /// The wait before the next attempt.
    mutating func nextDelay() -> Duration {
        let delay = upcoming
        upcoming = min(upcoming * 2, ceiling)
        return delay
    }
}
