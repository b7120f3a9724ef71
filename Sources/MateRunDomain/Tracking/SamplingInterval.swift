/// How often the receiver writes a fix: the median of the last few intervals between fixes.
///
/// A phone gives a fix a second, but a logger may write one every 4-20 s (Garmin's smart
/// recording, an old eTrex, a sports tracker saving battery). What "lost", "standing" and
/// "noise" mean depends on it: ten seconds without a fix is a lost signal at 1 Hz and the next
/// fix on time at 10 s; a change of velocity across three fixes 10 s apart sees far more of the
/// receiver's slowly wandering error than one across fixes 1 s apart. The median ignores the
/// odd gap (a tunnel, a stop the logger skipped) and the odd burst of fixes a second apart.
struct SamplingInterval {
    private var intervals: SortedWindow
    /// The typical interval in seconds: 1 until intervals have been seen.
    private(set) var seconds = 1.0

    init(window: Int) {
        intervals = SortedWindow(capacity: window)
    }

    /// Takes the interval between a fix and the one before it (positive, in seconds).
    mutating func record(_ interval: Double) {
        guard interval > 0, interval.isFinite else { return }
        intervals.append(interval)
        seconds = max(1, intervals.median)
    }
}
