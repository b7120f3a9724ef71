/// How often the receiver writes a fix: the median of the last few intervals between fixes.
///
/// A phone gives a fix a second, but a logger may write one every 4-20 s (Garmin's smart
/// recording, an old eTrex, a sports tracker saving battery). What "lost", "standing" and
/// "noise" mean depends on it: ten seconds without a fix is a lost signal at 1 Hz and the next
/// fix on time at 10 s; a change of velocity across three fixes 10 s apart sees far more of the
/// receiver's slowly wandering error than one across fixes 1 s apart. The median ignores the
/// odd gap (a tunnel, a stop the logger skipped) and the odd burst of fixes a second apart.
struct SamplingInterval {
    private var intervals: [Double]
    private var scratch: [Double]
    private var next = 0
    private var count = 0
    /// The typical interval in seconds: 1 until intervals have been seen.
    private(set) var seconds = 1.0

    init(window: Int) {
        intervals = Array(repeating: 1, count: max(window, 1))
        scratch = intervals
    }

    /// Takes the interval between a fix and the one before it (positive, in seconds).
    mutating func record(_ interval: Double) {
        guard interval > 0, interval.isFinite else { return }
        let replaced = count == intervals.count ? intervals[next] : nil
        intervals[next] = interval
        next = (next + 1) % intervals.count
        count = min(count + 1, intervals.count)
        // A steady receiver replaces an interval by the same one: the median stands.
        guard replaced != interval else { return }
        for index in 0..<count { scratch[index] = intervals[index] }
        seconds = max(1, MedianSelection.select(&scratch, count: count, rank: count / 2))
    }
}
