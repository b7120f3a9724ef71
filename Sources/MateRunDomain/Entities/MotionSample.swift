/// What a motion coprocessor says the runner is doing.
public enum Activity: String, Sendable, CaseIterable {
    case still
    case walking
    case running
}

/// One update from the motion sensor (activity classifier and pedometer).
public struct MotionSample: Sendable, Equatable {
    /// Seconds since the start of the run.
    public var time: Double
    public var activity: Activity
    /// Steps per minute, when the pedometer reports it.
    public var cadence: Double?

    public init(time: Double, activity: Activity, cadence: Double? = nil) {
        self.time = time
        self.activity = activity
        self.cadence = cadence
    }
}
