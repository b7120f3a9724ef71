import MateRunDomain

/// Turns what happens during a run into the formatted `State` the live views draw.
///
/// It exists to keep formatting out of the views and out of Domain, and to keep it cheap: the
/// benchmark pushes millions of samples a second through the use case and this view model, so it
/// remembers the quantities it last showed (whole seconds, 10 m steps, whole kcal, ...) and
/// re-formats a field only when its quantity changes.
///
/// Send `.started` when a run is set up, `.countdown(n)` for each second left before the start
/// (`.countdown(0)` means go), then each `RunEvent` as `.event`, and `.mate` whenever the mate's
/// status changes.
package struct RunningViewModel: Sendable {
    /// Everything that can change the panel.
    package enum Input: Sendable, Equatable {
        /// A run is set up for this runner, towards this goal (nil: no goal).
        case started(profile: RunnerProfile, goalMetres: Double?)
        /// Seconds left before the start; zero or less means the run is on.
        case countdown(Int)
        /// Something happened in the run.
        case event(RunEvent)
        /// The running mate's latest status.
        case mate(MateStatus)
        /// How the paired run ended, once both sides agree: the header says WON, LOST or TEAM DONE
        /// instead of the run's own ending.
        case pairResult(PairedRunSummary)
    }

    package private(set) var state: State = .initial
    private var shown = ShownQuantities()
    private var readings = LiveReadingsFormat()
    private var workout = WorkoutFormat()
    private var setUpGoalMetres: Double?
    private var goalMetres: Double?
    private var distanceMetres: Double = 0
    private var mateStatus: MateStatus?
    private var mateRawName = ""
    private var mateDisplayName = ""

    package init() {}

    /// Applies one input and returns the new state.
    @discardableResult
    package mutating func send(_ input: Input) -> State {
        switch input {
        case let .started(profile, goalMetres):
            start(profile: profile, goalMetres: goalMetres)
        case let .countdown(secondsLeft):
            setStatus(secondsLeft > 0 ? .countdown(secondsLeft) : .running)
        case let .event(event):
            apply(event)
        case let .mate(status):
            mateStatus = status
            refreshMateSection()
        case let .pairResult(summary):
            if let text = Self.pairStatusText(summary) { state.statusText = text }
        }
        return state
    }

    /// Clears the numbers of any earlier run; a mate already paired stays on the panel.
    private mutating func start(profile: RunnerProfile, goalMetres: Double?) {
        let mate = state.mate
        state = .initial
        state.mate = mate
        shown = ShownQuantities()
        readings = LiveReadingsFormat(zones: HeartRateZones(maxBPM: profile.maxHeartRateBPM))
        workout = WorkoutFormat()
        state.runnerName = RunFormat.displayName(profile.name, fallback: "runner")
        setUpGoalMetres = goalMetres.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        apply(RunSnapshot(goalMetres: setUpGoalMetres))
        setStatus(.running)
    }

    private mutating func apply(_ event: RunEvent) {
        switch event {
        case let .progress(snapshot), let .paused(snapshot, _), let .resumed(snapshot, _),
             let .gpsLost(snapshot), let .gpsFound(snapshot):
            apply(snapshot)
            setStatus(snapshot.isPaused ? .paused : .running)
        case let .split(split):
            state.lastSplit = Self.splitLine(split)
        case let .lap(lap):
            state.lastLap = "\(lap.index)  " + Self.lapLine(lap)
        case let .finished(summary):
            apply(summary.snapshot)
            if let last = summary.splits.last { state.lastSplit = Self.splitLine(last) }
            setStatus(summary.ending == .cancelled ? .cancelled : .finished(summary.ending))
        }
    }

    private mutating func apply(_ snapshot: RunSnapshot) {
        let elapsed = RunFormat.wholeSeconds(snapshot.elapsedSeconds)
        if elapsed != shown.elapsedSeconds {
            shown.elapsedSeconds = elapsed
            state.elapsed = RunFormat.clockTime(wholeSeconds: elapsed)
        }
        let moving = RunFormat.wholeSeconds(snapshot.movingSeconds)
        if moving != shown.movingSeconds {
            shown.movingSeconds = moving
            state.moving = RunFormat.clockTime(wholeSeconds: moving)
        }
        let calories = RunFormat.wholeKilocalories(snapshot.caloriesKilocalories)
        if calories != shown.kilocalories {
            shown.kilocalories = calories
            state.calories = RunFormat.kilocalories(whole: calories)
        }
        let pace = RunFormat.paceSeconds(snapshot.currentPaceSecondsPerKilometre) ?? ShownQuantities.placeholder
        if pace != shown.paceSeconds {
            shown.paceSeconds = pace
            state.currentPace = RunFormat.pace(wholeSeconds: pace == ShownQuantities.placeholder ? nil : pace)
        }
        let averagePace = RunFormat.paceSeconds(snapshot.averagePaceSecondsPerKilometre) ?? ShownQuantities.placeholder
        if averagePace != shown.averagePaceSeconds {
            shown.averagePaceSeconds = averagePace
            state.averagePace = RunFormat.pace(
                wholeSeconds: averagePace == ShownQuantities.placeholder ? nil : averagePace)
        }
        applyCurrentLap(snapshot.currentLap)
        applyDistance(snapshot.distanceMetres, goalMetres: snapshot.goalMetres ?? setUpGoalMetres)
        readings.apply(snapshot, goalMetres: goalMetres, to: &state)
        workout.apply(snapshot.workout, to: &state)
    }

    private mutating func applyCurrentLap(_ lap: CurrentLap?) {
        guard let lap else {
            if shown.lapIndex != ShownQuantities.unset {
                shown.lapIndex = ShownQuantities.unset
                state.currentLap = nil
            }
            return
        }
        let hundredths = RunFormat.hundredthsOfKilometre(lap.distanceMetres)
        let seconds = RunFormat.wholeSeconds(lap.movingSeconds)
        guard lap.index != shown.lapIndex || hundredths != shown.lapHundredths || seconds != shown.lapSeconds else { return }
        shown.lapIndex = lap.index
        shown.lapHundredths = hundredths
        shown.lapSeconds = seconds
        state.currentLap = "\(lap.index)  " + RunFormat.kilometres(hundredths: hundredths, unit: true) + "  "
            + RunFormat.clockTime(wholeSeconds: seconds) + "  " + RunFormat.pace(secondsPerKilometre: lap.paceSecondsPerKilometre)
    }

    private mutating func applyDistance(_ metres: Double, goalMetres goal: Double?) {
        distanceMetres = metres
        let goal = goal.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        goalMetres = goal
        let fraction = goal.map { min(1, max(0, metres / $0)) }
        state.progressFraction = fraction
        let hundredths = RunFormat.shownHundredths(metres, goalMetres: goal)
        let goalHundredths = goal.map(RunFormat.hundredthsOfKilometre) ?? ShownQuantities.placeholder
        let percent = fraction.map(RunFormat.wholePercent) ?? ShownQuantities.placeholder
        guard hundredths != shown.distanceHundredths || goalHundredths != shown.goalHundredths
            || percent != shown.percent
        else { return }
        shown.distanceHundredths = hundredths
        shown.goalHundredths = goalHundredths
        shown.percent = percent
        state.distance = RunFormat.kilometres(hundredths: hundredths, unit: true)
        if let goal {
            state.progressPercent = RunFormat.percent(whole: percent)
            state.progressLabel = RunFormat.progressLabel(metres: metres, goalMetres: goal)
        } else {
            state.progressPercent = nil
            state.progressLabel = state.distance
        }
        if mateStatus?.mode == .team { refreshMateSection() }
    }

    private mutating func setStatus(_ status: RunStatus) {
        guard status != state.status else { return }
        state.status = status
        state.statusText = Self.statusText(status)
    }

    static func statusText(_ status: RunStatus) -> String {
        switch status {
        case .ready: "READY"
        case let .countdown(secondsLeft): "STARTS IN " + String(secondsLeft)
        case .running: "RUNNING"
        case .paused: "PAUSED"
        case let .finished(ending): RunEndingWords.word(ending).uppercased()
        case .cancelled: RunEndingWords.word(.cancelled).uppercased()
        }
    }

    /// The header's word for a paired run's result, nil when the run's own ending says it.
    static func pairStatusText(_ summary: PairedRunSummary) -> String? {
        switch summary.result {
        case .won: "WON"
        case .lost: "LOST"
        case .teamFinished: "TEAM DONE"
        case .mateImplausible where summary.winner != nil: "WON"
        case .mateCancelled, .mateLost, .cancelled, .soloFinished, .mateImplausible, .disqualified: nil
        }
    }

    /// `km 3  5'12"/km  +4 m` for a whole kilometre; `last 0.12 km  5'46"/km  +0 m` for the
    /// partial one a run ends with (not `km 0.12`, which reads as a kilometre's number).
    package static func splitLine(_ split: Split) -> String {
        let label = split.distanceMetres >= 1000 - 0.5
            ? "km " + RunFormat.splitKilometre(index: split.index, distanceMetres: split.distanceMetres)
            : "last " + RunFormat.kilometres(metres: split.distanceMetres)
        return label + "  " + RunFormat.pace(secondsPerKilometre: split.paceSecondsPerKilometre) + "  "
            + RunFormat.climb(metres: split.elevationGainMetres)
    }

    /// `0.40 km  00:01:30  3'45"/km`: a lap's distance, moving time and pace, rounded as the
    /// splits table rounds them.
    package static func lapLine(_ lap: Split) -> String {
        RunFormat.kilometres(metres: lap.distanceMetres) + "  " + RunFormat.splitTime(seconds: lap.movingSeconds) + "  "
            + RunFormat.pace(secondsPerKilometre: lap.paceSecondsPerKilometre)
    }

    private mutating func refreshMateSection() {
        guard let mate = mateStatus else {
            state.mate = nil
            return
        }
        if mate.name != mateRawName || mateDisplayName.isEmpty {
            mateRawName = mate.name
            mateDisplayName = RunFormat.displayName(mate.name, fallback: "mate")
        }
        state.mate = MateSectionFormat.section(
            for: mate, displayName: mateDisplayName, ownDistanceMetres: distanceMetres, ownGoalMetres: goalMetres)
    }
}

/// The quantities the state currently shows, so that unchanged fields are not formatted again.
private struct ShownQuantities {
    /// Stands for "shows the placeholder" (no pace, no goal).
    static let placeholder = -1
    /// Stands for "nothing shown yet": differs from every real quantity and the placeholder.
    static let unset = Int.min

    var elapsedSeconds = unset
    var movingSeconds = unset
    var kilocalories = unset
    var paceSeconds = unset
    var averagePaceSeconds = unset
    var distanceHundredths = unset
    var goalHundredths = unset
    var percent = unset
    var lapIndex = unset
    var lapHundredths = unset
    var lapSeconds = unset
}
