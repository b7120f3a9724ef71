import MateRunDomain

/// Formats where a scripted run is in its workout for the live panel: the step now, its target
/// pace and what is left of it (`Interval 3/8 · work 4'20"/km · 350 m left`,
/// `Recovery 3/8 · jog 6'45"/km · 1:10 left`), and the step after it (`then work 800 m`).
///
/// It remembers the step and the whole seconds (or ten metres) it last showed, so that a field is
/// formatted again only when what it says changes.
struct WorkoutFormat: Sendable {
    /// How long a new step is announced as new (highlighted on the panel), in seconds.
    static let cueSeconds = 5.0

    private var shownIndex: Int?
    private var shownRemaining: Int?

    mutating func apply(_ position: WorkoutPosition?, to state: inout RunningViewModel.State) {
        guard let position else {
            if shownIndex != nil {
                shownIndex = nil
                shownRemaining = nil
                state.workoutStep = nil
                state.workoutStepBrief = nil
                state.workoutNext = nil
                state.workoutStepIsNew = false
            }
            return
        }
        let remaining = position.remainingMetres.map { RunFormat.truncatedCount($0, unit: 10) }
            ?? Int(position.remainingSeconds.rounded(.up))
        state.workoutStepIsNew = position.step.durationSeconds - position.remainingSeconds < Self.cueSeconds
        guard position.index != shownIndex || remaining != shownRemaining else { return }
        if position.index != shownIndex {
            state.workoutNext = position.next.map { "then " + Self.nextWord($0) + " " + Self.length(of: $0) } ?? "last step"
        }
        shownIndex = position.index
        shownRemaining = remaining
        let left = position.remainingMetres != nil
            ? (remaining >= 100 ? RunFormat.kilometres(hundredths: remaining, unit: true) : String(remaining * 10) + " m")
            : Self.minutesAndSeconds(remaining)
        let step = position.step
        let target = step.targetPaceSecondsPerKilometre.map { " " + RunFormat.pace(secondsPerKilometre: $0) } ?? ""
        let name = Self.stepName(step, index: position.index, count: position.count)
        state.workoutStep = name + " · " + Self.doing(step) + target + " · \(left) left"
        state.workoutStepBrief = name + " · \(left) left"
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
