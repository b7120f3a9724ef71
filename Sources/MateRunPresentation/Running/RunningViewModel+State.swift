import MateRunDomain

extension RunningViewModel {
    /// Everything the live panel shows, already formatted.
    ///
    /// Views only lay these strings out; no number is formatted after this point, so that every
    /// view (terminal panel, plain line) reads the same.
    package struct State: Sendable, Equatable {
        package var runnerName: String
        package var status: RunStatus
        /// `READY`, `RUNNING`, `PAUSED`, `STARTS IN 3`, then the ending's word (`GOAL REACHED`, `ENDED`, `STOPPED`, `CANCELLED`, `OVER`);
        /// after a paired run `WON`, `LOST` or `TEAM DONE`.
        package var statusText: String
        /// Total time, pauses included: `00:12:31`, shown beside the timer.
        package var elapsed: String
        /// Time spent moving: `00:12:05`. The panel's main time, as a watch's timer: it stops
        /// while the run is paused.
        package var moving: String
        /// `2.41 km`.
        package var distance: String
        /// `163 kcal`.
        package var calories: String
        /// `5'12"/km`, or `-'--"/km` while there is no pace.
        package var currentPace: String
        /// Over the whole run, in moving time.
        package var averagePace: String
        /// Fraction of the goal covered, 0...1; nil when the run has no goal.
        package var progressFraction: Double?
        /// `3.21 / 5.00 km  64%` with a goal, the distance alone without.
        package var progressLabel: String
        /// `64%`, nil without a goal.
        package var progressPercent: String?
        /// `km 3  5'12"/km  +12 m`, nil before the first split.
        package var lastSplit: String?
        /// `2  0.40 km  1:30  3'45"/km`: the lap the runner marked last, nil before one.
        package var lastLap: String? = nil
        /// `3  0.41 km  00:02:05  5'05"/km`: the lap under way since the runner's last mark, nil
        /// before the first mark.
        package var currentLap: String? = nil
        /// The running mate, nil when running alone.
        package var mate: MateSection?
        /// `152 bpm Z3` (the zone of the runner's maximum), nil when the source has no heart rate.
        package var heartRate: String? = nil
        /// `172 spm`, nil when the source has no cadence.
        package var cadence: String? = nil
        /// `312 m`, nil when the fixes carry no elevation.
        package var elevation: String? = nil
        /// `+4%`, nil on a flat-only track or before enough distance.
        package var grade: String? = nil
        /// The run time at which the goal will be reached at the average pace so far: `00:47:12`.
        /// Nil without a goal or a pace, and once the goal is reached.
        package var finishEstimate: String? = nil
        /// Fixes have stopped coming: distance is held while time runs on.
        package var gpsLost = false
        /// A scripted workout's step now: `Interval 3/8 · work 4'20"/km · 350 m left`; nil without one.
        package var workoutStep: String? = nil
        /// The step without what it asks for, for a narrow panel: `Interval 3/8 · 350 m left`.
        package var workoutStepBrief: String? = nil
        /// The step after it: `then walk 1:00`, or `last step`.
        package var workoutNext: String? = nil
        /// The step began only a few seconds ago: the panel cues the change.
        package var workoutStepIsNew = false

        /// The panel before anything has happened.
        package static let initial = State(
            runnerName: "", status: .ready, statusText: "READY",
            elapsed: RunFormat.clockTime(wholeSeconds: 0), moving: RunFormat.clockTime(wholeSeconds: 0),
            distance: RunFormat.kilometres(hundredths: 0, unit: true), calories: RunFormat.kilocalories(whole: 0),
            currentPace: RunFormat.pacePlaceholder, averagePace: RunFormat.pacePlaceholder,
            progressFraction: nil, progressLabel: RunFormat.kilometres(hundredths: 0, unit: true),
            progressPercent: nil, lastSplit: nil, mate: nil)
    }

    /// The running mate's part of the panel, already formatted.
    package struct MateSection: Sendable, Equatable {
        package var name: String
        package var mode: MateStatus.Mode
        /// The mate's own distance: `2.10 km`.
        package var distance: String
        /// Race: the mate's fraction of their goal. Team: the team's fraction of the shared goal.
        /// Nil without a goal.
        package var progressFraction: Double?
        /// Team only: the runner's own part of the shared bar (the rest of `progressFraction` is
        /// the mate's). Nil in a race.
        package var ownShareFraction: Double?
        /// Race: `2.10 / 5.00 km  42%`. Team: the team total against the shared goal.
        package var progressLabel: String
        /// Race only: `ahead by 120 m`, `behind by 40 m` or `level`.
        package var lead: String?
        /// `last seen 7 s ago`, only once the mate has been silent for 5 s or more.
        package var lastSeen: String?
        /// `connection lost` while the mate is not connected.
        package var connection: String?
    }
}
