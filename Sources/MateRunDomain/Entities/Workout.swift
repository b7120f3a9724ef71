/// A structured workout: the steps a run follows (a warm-up, intervals and recoveries, a walk
/// break), each for a time or a distance, as a watch runs them.
///
/// It exists so the runner can be told what they are doing now, for how long, and what comes
/// next; the steps are laid end to end in run time from the start.
package struct Workout: Sendable, Equatable {
    /// One step: what to do, for how long, and at what pace.
    package struct Step: Sendable, Equatable, BitwiseCopyable {
        package var activity: Activity
        package var durationSeconds: Double
        /// The step's length when it is set by distance (an 800 m interval), nil when by time.
        package var distanceMetres: Double?
        /// Where the step sits in a repeated group (interval 3 of 6), if it is in one.
        package var repetition: Repetition?
        /// What the step is for in the workout: a work rep and the recovery after it differ.
        package var intent: Intent
        /// The pace the step asks for, in seconds per kilometre; nil for standing still.
        package var targetPaceSecondsPerKilometre: Double?

        package init(
            activity: Activity, durationSeconds: Double, distanceMetres: Double? = nil, repetition: Repetition? = nil,
            intent: Intent = .steady, targetPaceSecondsPerKilometre: Double? = nil
        ) {
            self.activity = activity
            self.durationSeconds = durationSeconds
            self.distanceMetres = distanceMetres
            self.repetition = repetition
            self.intent = intent
            self.targetPaceSecondsPerKilometre = targetPaceSecondsPerKilometre
        }
    }

    /// What a step is for: a watch names a work rep and a recovery jog apart, though both run.
    package enum Intent: Sendable, Equatable, BitwiseCopyable {
        case warmUp
        case work
        case recovery
        case coolDown
        /// A step of a plan without repeats.
        case steady
    }

    /// The round of a repeated group a step belongs to, counted from 1.
    package struct Repetition: Sendable, Equatable, BitwiseCopyable {
        package var index: Int
        package var count: Int

        package init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    package let steps: [Step]
    private let starts: [Double]

    package init(steps: [Step]) {
        self.steps = steps
        var time = 0.0
        starts = steps.map { step in
            defer { time += step.durationSeconds }
            return time
        }
    }

    /// Where the runner is in the workout at `elapsed` seconds; nil before the first step or
    /// after the last one.
    package func position(at elapsed: Double) -> WorkoutPosition? {
        guard let first = starts.first, elapsed >= first else { return nil }
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= elapsed { low = middle } else { high = middle }
        }
        let step = steps[low]
        let remaining = starts[low] + step.durationSeconds - elapsed
        guard remaining > 0 else { return nil }
        let metres = step.distanceMetres.map { $0 * remaining / step.durationSeconds }
        return WorkoutPosition(
            index: low + 1, count: steps.count, step: step, remainingSeconds: remaining, remainingMetres: metres,
            next: low + 1 < steps.count ? steps[low + 1] : nil)
    }
}

/// Where a runner is in a workout: the step, how much of it is left, and what comes next.
///
/// A value held in the snapshot itself (a few steps' figures, no reference): a snapshot is copied
/// with every event, and a reference in it made each copy a call to a copy routine and a count
/// kept, about 70 instructions, where the bytes alone are a move.
package struct WorkoutPosition: Sendable, Equatable, BitwiseCopyable {
    /// 1 for the first step.
    package let index: Int
    package let count: Int
    package let step: Workout.Step
    package let remainingSeconds: Double
    /// For a step set by distance: the metres left of it.
    package let remainingMetres: Double?
    package let next: Workout.Step?

    package init(index: Int, count: Int, step: Workout.Step, remainingSeconds: Double, remainingMetres: Double?, next: Workout.Step?) {
        self.index = index
        self.count = count
        self.step = step
        self.remainingSeconds = remainingSeconds
        self.remainingMetres = remainingMetres
        self.next = next
    }
}
