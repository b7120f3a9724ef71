import MateRunDomain

extension RunningViewModel {
    /// Everything the live panel shows, as the whole quantities it shows (seconds, tens of metres,
    /// kilocalories, beats, ...), with each field's text formatted when a view asks for it.
    ///
    /// A replay at full speed sends the view model thousands of events a second, and a view draws
    /// a frame at most a few times a second: the quantities are kept per event and the text is
    /// made per frame. Every text is a function of the quantities stored here alone, so two equal
    /// states read the same, and every view (terminal panel, plain line) reads the same text.
    package struct State: Sendable, Equatable {
        package var runnerName: String
        package var status: RunStatus
        /// A paired run's result (`WON`, `LOST`, `TEAM DONE`), said instead of the status's own
        /// word until the status changes.
        var resultWord: String?
        /// Total time, pauses included, in whole seconds.
        var elapsedSeconds = 0
        /// Time spent moving, in whole seconds.
        var movingSeconds = 0
        var wholeKilocalories = 0
        /// The recent pace in whole seconds a kilometre; nil while there is none.
        var paceSeconds: Int?
        /// The pace over the whole run, in moving time; nil while there is none.
        var averagePaceSeconds: Int?
        /// The distance as shown, in hundredths of a kilometre (truncated; a reached goal as itself).
        var distanceHundredths = 0
        /// The goal the distance is shown against, nil without one.
        var goalMetres: Double?
        /// The distance in metres when the shown distance or percentage last changed: what the
        /// progress label reads.
        var labelMetres = 0.0
        /// Fraction of the goal covered, 0...1; nil when the run has no goal.
        package var progressFraction: Double?
        /// The last whole kilometre (or the closing partial one), nil before the first.
        var lastSplitFigures: Split?
        /// The lap the runner marked last, nil before one.
        var lastLapFigures: Split?
        /// The lap under way since the runner's last mark, nil before the first mark.
        var currentLapFigures: ShownLap?
        /// The running mate, nil when running alone.
        package var mate: MateSection?
        /// The zones the heart rate is shown in, from the runner's maximum.
        var zones = HeartRateZones(maxBPM: nil)
        var heartRateBPM: Int?
        var cadenceSPM: Int?
        var elevationMetres: Int?
        var gradePercent: Int?
        /// The run time at which the goal will be reached at the average pace, in whole seconds.
        var finishSeconds: Int?
        /// Fixes have stopped coming: distance is held while time runs on.
        package var gpsLost = false
        /// Where the ghost stands, for a run that races one (its figures, for JSON).
        package var ghost: GhostStanding?
        /// The race against the ghost, once the run is over.
        package var ghostResult: GhostResult?
        /// Where a scripted workout is, nil without one (a reference: the panel's text reads the
        /// step, what is left of it and the step after).
        var workout: WorkoutPosition?

        /// The panel before anything has happened.
        package static let initial = State(runnerName: "", status: .ready)
    }

    /// The lap under way as the panel shows it.
    struct ShownLap: Sendable, Equatable {
        var index: Int
        var distanceHundredths: Int
        var movingSeconds: Int
        var paceSecondsPerKilometre: Double?
    }

    /// The running mate's part of the panel, already formatted (it changes with the mate's
    /// messages, about once a second, not with every event of the run).
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
