/// `Duration` as the plain seconds that run time, timeouts and messages use.
extension Duration {
    /// The duration in seconds, for countdowns and messages.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded to the nearest, for the wire.
    package var roundedMilliseconds: Int {
        Int((seconds * 1000).rounded())
    }
}
