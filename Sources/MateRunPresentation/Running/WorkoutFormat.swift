import MateRunDomain

/// Formats where a scripted run is in its workout for the live panel: the step now, its target
/// pace and what is left of it (`Interval 3/8 · work 4'20"/km · 350 m left`,
/// `Recovery 3/8 · jog 6'45"/km · 1:10 left`), and the step after it (`then work 800 m`).
enum WorkoutFormat {
    /// How long a new step is announced as new (highlighted on the panel), in seconds.
    static let cueSeconds = 5.0

    /// What is left of the step as the panel counts it: whole tens of metres for a step by
    /// distance, whole seconds (rounded up) for one by time.
    static func remaining(_ position: WorkoutPosition) -> Int {
        position.remainingMetres.map { RunFormat.truncatedCount($0, unit: 10) } ?? Int(position.remainingSeconds.rounded(.up))
    }

    /// `350 m`, `1.20 km` or `1:10`: what is left of the step.
    static func left(_ position: WorkoutPosition) -> String {
        let remaining = remaining(position)
        guard position.remainingMetres != nil else { return minutesAndSeconds(remaining) }
        return remaining >= 100 ? RunFormat.kilometres(hundredths: remaining, unit: true) : String(remaining * 10) + " m"
    }

    /// `then walk 1:00`, or `last step`.
    static func next(_ position: WorkoutPosition) -> String {
        position.next.map { "then " + nextWord($0) + " " + length(of: $0) } ?? "last step"
    }

    /// `Interval 3/6` for the step the runner is in.
    static func stepName(_ position: WorkoutPosition) -> String {
        stepName(position.step, index: position.index, count: position.count)
    }

    /// `Interval 3/6`, `Recovery 3/6`, `Warm-up`, `Cool-down`, `Step 2/5`.
    static func stepName(_ step: Workout.Step, index: Int, count: Int) -> String {
        let round = step.repetition.map { " \($0.index)/\($0.count)" } ?? ""
        switch step.intent {
        case .work: return "Interval" + round
        case .recovery: return "Recovery" + round
        case .warmUp: return "Warm-up"
        case .coolDown: return "Cool-down"
        case .steady: return "Step \(index)/\(count)"
        }
    }

    /// What the runner does in the step: a work rep is `work`, a recovery run is a `jog`.
    static func doing(_ step: Workout.Step) -> String {
        switch (step.intent, step.activity) {
        case (.work, .running): "work"
        case (.recovery, .running): "jog"
        default: activityWord(step.activity)
        }
    }

    /// The next step as the cue names it: `work`, `recovery`, `cool-down`, or what it does.
    private static func nextWord(_ step: Workout.Step) -> String {
        switch step.intent {
        case .work: "work"
        case .recovery: "recovery"
        case .warmUp: "warm-up"
        case .coolDown: "cool-down"
        case .steady: activityWord(step.activity)
        }
    }

    static func activityWord(_ activity: Activity) -> String {
        switch activity {
        case .running: "run"
        case .walking: "walk"
        case .still: "rest"
        }
    }

    /// `1:00` for a step by time, `800 m` (or `1.20 km`) for one by distance.
    private static func length(of step: Workout.Step) -> String {
        if let metres = step.distanceMetres {
            return metres >= 1000 ? RunFormat.kilometres(metres: metres) : String(RunFormat.wholeMetres(metres)) + " m"
        }
        return minutesAndSeconds(Int(step.durationSeconds.rounded()))
    }

    /// `0:42`, `12:05`, `1:02:03`.
    static func minutesAndSeconds(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let tail = String(seconds % 60 < 10 ? "0" : "") + String(seconds % 60)
        if seconds >= 3600 {
            let minutes = seconds / 60 % 60
            return String(seconds / 3600) + ":" + (minutes < 10 ? "0" : "") + String(minutes) + ":" + tail
        }
        return String(seconds / 60) + ":" + tail
    }
}
