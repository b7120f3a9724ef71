import MateRunDomain

/// Turns what happens during a run into the `State` the live views draw.
///
/// It exists to keep the panel's rules out of the views and out of Domain (what is rounded how,
/// when a reached goal reads as itself, which word the header says), and to keep them cheap: a
/// replay at full speed pushes millions of samples a second through the use case and this view
/// model, so an event only stores the whole quantities the panel shows, and the text is made
/// when a view reads it (`State`).
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
        /// Where the ghost stands now (shown as a mate is); `ghost` names it.
        case ghost(GhostStanding)
        /// The race against the ghost is over.
        case ghostResult(GhostResult)
        /// How the paired run ended, once both sides agree: the header says WON, LOST or TEAM DONE
        /// instead of the run's own ending. Boxed: its 576 bytes would make every input that
        /// large, and an event, taken once a second of a replay, would be copied at that size.
        indirect case pairResult(PairedRunSummary)
    }

    package private(set) var state: State = .initial
    private var setUpGoalMetres: Double?
    private var goalMetres: Double?
    private var distanceMetres: Double = 0
    private var mateStatus: MateStatus?
    private var mateRawName = ""
    private var mateDisplayName = ""

    package init() {}

    /// Applies one input and returns the new state.
    @discardableResult @inline(__always)
    package mutating func send(_ input: Input) -> State {
        take(input)
        return state
    }

    /// Applies one input; `state` is the new state. What a flow calls for every event of a run,
    /// where returning the state would copy it (and retain what it holds) for each of them.
    package mutating func take(_ input: Input) {
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
        case let .ghost(standing):
            state.ghost = standing
            var status = MateStatus(name: "ghost", distanceMetres: standing.distanceMetres, leadMetres: standing.gapMetres)
            status.leadSeconds = standing.gapSeconds
            status.note = standing.ghostFinished ? "finished" : nil
            mateStatus = status
            refreshMateSection()
        case let .ghostResult(result):
            state.ghostResult = result
        case let .pairResult(summary):
            if let word = Self.pairStatusText(summary) { state.resultWord = word }
        }
    }

    /// Clears the numbers of any earlier run; a mate already paired stays on the panel.
    private mutating func start(profile: RunnerProfile, goalMetres: Double?) {
        let mate = state.mate
        state = .initial
        state.mate = mate
        state.zones = HeartRateZones(maxBPM: profile.maxHeartRateBPM)
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
        case .kept:
            break
        case let .split(split):
            state.lastSplitFigures = split
        case let .lap(lap):
            state.lastLapFigures = lap
        case let .finished(summary):
            apply(summary.snapshot)
            if let last = summary.splits.last { state.lastSplitFigures = last }
            setStatus(summary.ending == .cancelled ? .cancelled : .finished(summary.ending))
        }
    }

    /// Inlined into `apply(_ event:)`, so that the figures are read in the event's box rather
    /// than from a copy of its snapshot.
    @inline(__always)
    private mutating func apply(_ snapshot: RunSnapshot) {
        state.elapsedSeconds = RunFormat.wholeSeconds(snapshot.elapsedSeconds)
        state.movingSeconds = RunFormat.wholeSeconds(snapshot.movingSeconds)
        state.wholeKilocalories = RunFormat.wholeKilocalories(snapshot.caloriesKilocalories)
        state.paceSeconds = RunFormat.paceSeconds(snapshot.currentPaceSecondsPerKilometre)
        state.averagePaceSeconds = RunFormat.paceSeconds(snapshot.averagePaceSecondsPerKilometre)
        applyCurrentLap(snapshot.currentLap)
        applyDistance(snapshot.distanceMetres, goalMetres: snapshot.goalMetres ?? setUpGoalMetres)
        state.heartRateBPM = RunFormat.wholeReading(snapshot.heartRateBPM)
        state.cadenceSPM = RunFormat.wholeReading(snapshot.cadenceSPM)
        state.elevationMetres = RunFormat.wholeReading(snapshot.elevationMetres)
        state.gradePercent = RunFormat.wholeReading(snapshot.gradePercent)
        state.finishSeconds = RunFormat.finishEstimateSeconds(
            elapsedSeconds: snapshot.elapsedSeconds, distanceMetres: snapshot.distanceMetres, goalMetres: goalMetres,
            averagePaceSecondsPerKilometre: snapshot.averagePaceSecondsPerKilometre)
        state.gpsLost = !snapshot.gpsOK
        state.workout = snapshot.workout
    }

    /// The lap's pace is the one of the moment its number, distance or time last changed.
    private mutating func applyCurrentLap(_ lap: CurrentLap?) {
        guard let lap else {
            state.currentLapFigures = nil
            return
        }
        let hundredths = RunFormat.hundredthsOfKilometre(lap.distanceMetres)
        let seconds = RunFormat.wholeSeconds(lap.movingSeconds)
        if let shown = state.currentLapFigures, shown.index == lap.index, shown.distanceHundredths == hundredths,
           shown.movingSeconds == seconds {
            return
        }
        state.currentLapFigures = ShownLap(
            index: lap.index, distanceHundredths: hundredths, movingSeconds: seconds,
            paceSecondsPerKilometre: lap.paceSecondsPerKilometre)
    }

    private mutating func applyDistance(_ metres: Double, goalMetres goal: Double?) {
        distanceMetres = metres
        let goal = goal.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        goalMetres = goal
        let fraction = goal.map { min(1, max(0, metres / $0)) }
        state.progressFraction = fraction
        let hundredths = RunFormat.shownHundredths(metres, goalMetres: goal)
        // The label reads the metres of the moment its distance, goal or percentage last changed.
        guard hundredths != state.distanceHundredths || goal.map(RunFormat.hundredthsOfKilometre)
            != state.goalMetres.map(RunFormat.hundredthsOfKilometre)
            || fraction.map(RunFormat.wholePercent) != state.shownPercent
        else { return }
        state.distanceHundredths = hundredths
        state.goalMetres = goal
        state.labelMetres = metres
        if mateStatus?.mode == .team { refreshMateSection() }
    }

    private mutating func setStatus(_ status: RunStatus) {
        guard status != state.status else { return }
        state.status = status
        state.resultWord = nil
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
