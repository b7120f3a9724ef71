import MateRunDomain

/// Formats where a scripted run is in its workout for the live panel: the step now and what is
/// left of it (`Interval 3/8 · run · 0:42 left`, `Walk 2/6 · 1:10 left`), and the step after it
/// (`then walk 1:00`).
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
            state.workoutNext = position.next.map { "then " + Self.activityWord($0.activity) + " " + Self.length(of: $0) }
                ?? "last step"
        }
        shownIndex = position.index
        shownRemaining = remaining
        let left = position.remainingMetres != nil
            ? (remaining >= 100 ? RunFormat.kilometres(hundredths: remaining, unit: true) : String(remaining * 10) + " m")
            : Self.minutesAndSeconds(remaining)
        if let repetition = position.step.repetition {
            state.workoutStep = position.step.activity == .running
                ? "Interval \(repetition.index)/\(repetition.count) · run · \(left) left"
                : Self.capitalised(Self.activityWord(position.step.activity))
                    + " \(repetition.index)/\(repetition.count) · \(left) left"
        } else {
            state.workoutStep = "Step \(position.index)/\(position.count) · "
                + Self.activityWord(position.step.activity) + " · \(left) left"
        }
    }

    static func activityWord(_ activity: Activity) -> String {
        switch activity {
        case .running: "run"
        case .walking: "walk"
        case .still: "rest"
        }
    }

    private static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
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
