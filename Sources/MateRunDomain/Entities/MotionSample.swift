/// What a motion coprocessor says the runner is doing.
package enum Activity: String, Sendable, CaseIterable {
    case still
    case walking
    case running
}

/// One update from the motion sensor (activity classifier and pedometer).
package struct MotionSample: Sendable, Equatable {
    /// Seconds since the start of the run.
    package var time: Double
    package var activity: Activity
    /// Steps per minute, when the pedometer reports it.
    package var cadence: Double?

    package init(time: Double, activity: Activity, cadence: Double? = nil) {
        self.time = time
        self.activity = activity
        self.cadence = cadence
    }
}
