/// Says when at least `interval` seconds of wall time have passed since it last said so, reading
/// the clock only as often as that needs.
///
/// A replay at full speed sends its screen a progress event for every second of run time, over
/// a million a second of wall time, and reading the clock for each cost more than the rest of
/// the screen's work (18 ms of a 0.4 s replay of 200,000 points). Such a run's events come
/// without a pause until it ends (`steady`): while reads come less than a millisecond apart, the
/// throttle reads at every second call, then every fourth, up to every 1,024th, and more often
/// again when reads come further apart, so a due moment is seen about a millisecond late at most.
/// The limit of that: steady calls that slow down are read again only up to 1,024 calls later
/// (a run at full speed held up by its mate's link draws late until then; its last frame is
/// forced). Any other run's events may pause for as long as they like after a burst, and the
/// clock is read at each call.
struct WallClockThrottle {
    let interval: Double
    private let steady: Bool
    private var lastDue = -Double.infinity
    private var lastRead = -Double.infinity
    private var readEvery = 1
    private var callsLeft = 0

    /// `steady`: the calls come without a pause until the last (a run at full speed).
    init(interval: Double, steady: Bool) {
        self.interval = interval
        self.steady = steady
    }

    /// Whether `interval` has passed since the last call that was due (the first call is);
    /// `clock` gives the wall time in seconds.
    mutating func isDue(clock: () -> Double) -> Bool {
        callsLeft -= 1
        guard callsLeft <= 0 else { return false }
        let now = clock()
        if steady {
            readEvery = now - lastRead < 0.001 ? min(readEvery * 2, 1024) : max(readEvery / 2, 1)
            callsLeft = readEvery
            lastRead = now
        }
        guard now - lastDue >= interval else { return false }
        lastDue = now
        return true
    }
}
