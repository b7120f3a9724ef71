import MateRunDomain

/// The live panel's text, made from the state's quantities when a view reads it.
extension RunningViewModel.State {
    /// `READY`, `RUNNING`, `PAUSED`, `STARTS IN 3`, then the ending's word (`GOAL REACHED`, `ENDED`,
    /// `STOPPED`, `CANCELLED`, `OVER`); after a paired run `WON`, `LOST` or `TEAM DONE`.
    package var statusText: String { resultWord ?? RunningViewModel.statusText(status) }

    /// Total time, pauses included: `00:12:31`, shown beside the timer.
    package var elapsed: String { RunFormat.clockTime(wholeSeconds: elapsedSeconds) }

    /// Time spent moving: `00:12:05`. The panel's main time, as a watch's timer: it stops while
    /// the run is paused.
    package var moving: String { RunFormat.clockTime(wholeSeconds: movingSeconds) }

    /// `2.41 km`.
    package var distance: String { RunFormat.kilometres(hundredths: distanceHundredths, unit: true) }

    /// `163 kcal`.
    package var calories: String { RunFormat.kilocalories(whole: wholeKilocalories) }

    /// `5'12"/km`, or `-'--"/km` while there is no pace.
    package var currentPace: String { RunFormat.pace(wholeSeconds: paceSeconds) }

    /// Over the whole run, in moving time.
    package var averagePace: String { RunFormat.pace(wholeSeconds: averagePaceSeconds) }

    /// `3.21 / 5.00 km  64%` with a goal, the distance alone without.
    package var progressLabel: String {
        goalMetres.map { RunFormat.progressLabel(metres: labelMetres, goalMetres: $0) } ?? distance
    }

    /// `64%`, nil without a goal.
    package var progressPercent: String? { shownPercent.map { RunFormat.percent(whole: $0) } }

    /// The whole percentage of the goal the label reads, nil without a goal. Inlined: called, it
    /// was handed a copy of the whole state (689 bytes) each time the view model asked.
    @inline(__always)
    var shownPercent: Int? { goalMetres.map { RunFormat.wholePercent(min(1, max(0, labelMetres / $0))) } }

    /// `km 3  5'12"/km  +12 m`, nil before the first split.
    package var lastSplit: String? { lastSplitFigures.map(RunningViewModel.splitLine) }

    /// `2  0.40 km  1:30  3'45"/km`: the lap the runner marked last, nil before one.
    package var lastLap: String? { lastLapFigures.map { "\($0.index)  " + RunningViewModel.lapLine($0) } }

    /// `3  0.41 km  00:02:05  5'05"/km`: the lap under way since the runner's last mark, nil
    /// before the first mark.
    package var currentLap: String? {
        currentLapFigures.map { lap in
            "\(lap.index)  " + RunFormat.kilometres(hundredths: lap.distanceHundredths, unit: true) + "  "
                + RunFormat.clockTime(wholeSeconds: lap.movingSeconds) + "  "
                + RunFormat.pace(secondsPerKilometre: lap.paceSecondsPerKilometre)
        }
    }

    /// `152 bpm Z3` (the zone of the runner's maximum), nil when the source has no heart rate.
    package var heartRate: String? { heartRateBPM.map { RunFormat.heartRate(whole: $0, zones: zones) } }

    /// `172 spm`, nil when the source has no cadence.
    package var cadence: String? { cadenceSPM.map(RunFormat.cadence(whole:)) }

    /// `312 m`, nil when the fixes carry no elevation.
    package var elevation: String? { elevationMetres.map(RunFormat.elevation(whole:)) }

    /// `+4%`, nil on a flat-only track or before enough distance.
    package var grade: String? { gradePercent.map(RunFormat.grade(whole:)) }

    /// The run time at which the goal will be reached at the average pace so far: `00:47:12`.
    /// Nil without a goal or a pace, and once the goal is reached.
    package var finishEstimate: String? { finishSeconds.map(RunFormat.clockTime(wholeSeconds:)) }

    /// A scripted workout's step now: `Interval 3/8 · work 4'20"/km · 350 m left`; nil without one.
    package var workoutStep: String? {
        workout.map { position in
            let target = position.step.targetPaceSecondsPerKilometre.map { " " + RunFormat.pace(secondsPerKilometre: $0) } ?? ""
            return WorkoutFormat.stepName(position) + " · " + WorkoutFormat.doing(position.step) + target
                + " · " + WorkoutFormat.left(position) + " left"
        }
    }

    /// The step without what it asks for, for a narrow panel: `Interval 3/8 · 350 m left`.
    package var workoutStepBrief: String? {
        workout.map { WorkoutFormat.stepName($0) + " · " + WorkoutFormat.left($0) + " left" }
    }

    /// The step after it: `then walk 1:00`, or `last step`.
    package var workoutNext: String? { workout.map(WorkoutFormat.next) }

    /// The step began only a few seconds ago: the panel cues the change.
    package var workoutStepIsNew: Bool {
        workout.map { $0.step.durationSeconds - $0.remainingSeconds < WorkoutFormat.cueSeconds } ?? false
    }
}
