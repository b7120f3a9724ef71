/// The thresholds that turn raw sensor samples into a trustworthy run.
///
/// The defaults follow what mature trackers do: OpenTracks drops fixes worse than 50 m and
/// pauses after 10 s idle, RunnerUp after 5 s slower than 20 min/km.
package struct TrackingSettings: Sendable, Equatable {
    /// Fixes that claim a worse accuracy than this (metres) are dropped.
    package var worstAcceptedAccuracy: Double = 50
    /// The accuracy (metres) assumed for a fix that does not report one.
    package var assumedAccuracy: Double = 5
    /// A fix implying a faster move than this (m/s) from the track is an outlier.
    package var fastestPlausibleSpeed: Double = 12
    /// After this many outliers in a row that agree with each other, the track is restarted
    /// there: the runner really is somewhere else, but the jump is not counted.
    package var outliersBeforeRestart: Int = 3
    /// Below this speed (m/s) the runner counts as standing: no distance accrues.
    package var stationarySpeed: Double = 0.5
    /// Distance is counted in steps of at least this many metres of the smoothed track, so that
    /// what noise is left after smoothing does not add up across many short steps.
    package var minimumStep: Double = 10
    /// ...and of at least this many times the fix's reported accuracy: noisier fixes, longer steps.
    package var stepPerAccuracy: Double = 3
    /// Standing this long (seconds) starts an auto-pause, counted from when the standing began.
    package var autoPauseDelay: Double = 5
    /// How much the runner's velocity may wander, in m²/s³ (the filter's process noise).
    package var accelerationNoise: Double = 0.2
    /// Elevation changes smaller than this (metres) are noise, not climbing.
    package var elevationHysteresis: Double = 3
    /// Seconds of moving time the current pace is measured over.
    package var paceWindow: Double = 30

    package init() {}

    package static let standard = TrackingSettings()
}
