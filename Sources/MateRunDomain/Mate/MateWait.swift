/// When a host waiting for its mate says that it still waits, and when it stops waiting, as a
/// function of the seconds waited: a host that waits in silence looks hung, and one that waits
/// for ever holds its terminal and its code after everyone has gone home.
package struct MateWait: Sendable, Equatable {
    /// What is due while the host waits.
    package enum Step: Sendable, Equatable {
        /// Say that the host has waited `seconds` and still waits.
        case stillWaiting(seconds: Double)
        /// Stop: nobody came within the limit.
        case giveUp(seconds: Double)
    }

    /// Seconds between two "still waiting" notices.
    package static let interval: Double = 10

    /// Seconds after which the host stops waiting.
    package let limit: Double

    package init(limit: Double) {
        self.limit = limit
    }

    /// What is due next once `waited` seconds have passed, and at what second: the next whole
    /// interval, or the limit when that comes first.
    package func next(after waited: Double) -> (at: Double, step: Step) {
        let tick = ((waited / Self.interval).rounded(.down) + 1) * Self.interval
        return tick < limit ? (tick, .stillWaiting(seconds: tick)) : (limit, .giveUp(seconds: limit))
    }
}
