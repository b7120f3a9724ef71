/// What a motion coprocessor says the runner is doing.
package enum Activity: String, Sendable, CaseIterable, BitwiseCopyable {
    case still
    case walking
    case running
}

/// One update from the motion sensor (activity classifier and pedometer).
///
/// A replay holds one for every second of its run: the readings a sensor may not give are kept
/// in 8 bytes each (`PackedOptional`), so that an update is 32 bytes, not 48.
package struct MotionSample: Sendable, Equatable {
    /// Seconds since the start of the run.
    package var time: Double
    package var activity: Activity
    /// Whether `activity` is a guess from the speed between fixes (a track without motion data, a
    /// live GPS), not a sensor's word: one noisy leg of a steady runner may look like a walk, so
    /// the run judges the gait of such a runner by its own smoothed speed instead.
    package var activityIsInferred: Bool
    /// Steps per minute (both feet), when the pedometer reports it.
    @PackedOptional package var cadence: Double?
    /// Beats per minute, when a heart-rate sensor is worn (a chest strap, or the watch's optical
    /// sensor reporting beside the motion coprocessor).
    @PackedOptional package var heartRate: Double?

    package init(
        time: Double, activity: Activity, activityIsInferred: Bool = false, cadence: Double? = nil, heartRate: Double? = nil
    ) {
        self.time = time
        self.activity = activity
        self.activityIsInferred = activityIsInferred
        self.cadence = cadence
        self.heartRate = heartRate
    }
}

extension Activity {
    /// Below this speed (m/s) a runner known only from fixes counts as walking: 7.9 km/h.
    package static let walkingBelowSpeed = 2.2

    /// What a runner known only from fixes (a GPX track, a live GPS) is doing at `speed` (m/s):
    /// never `still`, because a speed between fixes cannot tell a slow climb from standing (nor
    /// GPS noise from a step), so standing is left to the tracker, which judges displacement.
    package static func inferred(fromSpeed speed: Double) -> Activity {
        speed < walkingBelowSpeed ? .walking : .running
    }
}
