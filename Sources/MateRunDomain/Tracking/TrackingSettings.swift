/// The thresholds that turn raw sensor samples into a trustworthy run.
///
/// The defaults follow what mature trackers do: OpenTracks drops fixes worse than 50 m and
/// pauses after 10 s idle, RunnerUp after 5 s slower than 20 min/km. The smoothing follows the
/// measured noise, not the claimed accuracy (see ACCURACY.md for what each choice buys).
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
    /// The runner stands when every filtered position of the last this many seconds (at least 5
    /// of the receiver's intervals, for a sparse logger) lies within `stillnessRadius` of the
    /// latest: a reversal never does, a standing runner does.
    package var stillnessWindow: Double = 15
    /// Metres: 5 m over 15 s is slower than any walk.
    package var stillnessRadius: Double = 5
    /// ...or within this many times the measured noise, when the fixes are noisier.
    package var stillnessNoiseFactor: Double = 2
    /// Fixes of look-ahead the smoother settles a point with (seconds at 1 Hz).
    package var smoothingLag: Int = 5
    /// Fixes over which the real noise of the fixes is measured.
    package var noiseWindow: Int = 10
    /// Intervals between fixes over which the receiver's sampling interval is measured.
    package var intervalWindow: Int = 9
    /// How many times the noise measured from one fix to the next the filter allows for at 1 Hz,
    /// because GPS errors are correlated over seconds (see `MeasurementNoise`); divided by a
    /// sparse logger's interval, and never below 1.
    package var noiseCorrelationAllowance: Double = 30
    /// Standing this long (seconds) starts an auto-pause, counted from when the standing began.
    package var autoPauseDelay: Double = 5
    /// How much the runner's velocity may wander, in m²/s³ (the filter's process noise): enough
    /// to turn round from 3 m/s within a couple of seconds. Multiplied by the receiver's sampling
    /// interval: a sparse logger's fixes mark where the track bends.
    package var accelerationNoise: Double = 1
    /// Elevation changes smaller than this (metres) are noise, not climbing.
    package var elevationHysteresis: Double = 3
    /// No fix for longer than this (seconds) means the signal is lost, unless
    /// `missedFixesBeforeLost` of the receiver's intervals is longer: a 1 Hz receiver has then
    /// missed ten fixes.
    package var gpsLostAfter: Double = 10
    /// ...or than this many of the receiver's own intervals between fixes: a logger writing a
    /// fix every 10-20 s is not lost between two of them.
    package var missedFixesBeforeLost: Double = 3
    /// A silence of the receiver longer than this (seconds) that ends within `stillGapRadius` of
    /// where it began was a stop (a café, a watch left on a bench), not moving time: longer than
    /// any sparse logger's interval (10-20 s) and than a wait at a light's auto-pause would need.
    package var stillGap: Double = 60
    /// Metres: what a fix after a long silence may be from the one before and still be the same
    /// spot (two fixes' noise).
    package var stillGapRadius: Double = 25
    /// Seconds of moving time the current pace is measured over.
    package var paceWindow: Double = 30

    package init() {}

    package static let standard = TrackingSettings()
}
