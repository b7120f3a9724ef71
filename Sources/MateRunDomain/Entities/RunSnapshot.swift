/// The state of a run at one instant: what the screen and a mate are shown.
package struct RunSnapshot: Sendable, Equatable {
    /// Run time since the start, pauses included.
    package var elapsedSeconds: Double
    /// Run time spent moving: elapsed minus auto-pauses.
    package var movingSeconds: Double
    package var distanceMetres: Double
    /// Exercise (net) kilocalories: resting metabolism is not counted.
    package var caloriesKilocalories: Double
    /// Pace over the last few moving seconds, nil while standing or before there is enough track.
    package var currentPaceSecondsPerKilometre: Double?
    package var elevationGainMetres: Double
    package var isPaused: Bool
    /// The goal this run is heading for, if any.
    package var goalMetres: Double?
    /// Where the runner was at the latest fix the tracker accepted, nil before the first.
    package var position: Coordinate?
    /// Smoothed elevation (metres) at the latest fix, when the fixes carry elevation.
    package var elevationMetres: Double?
    /// Climb over the last stretch of about 100 m, in percent (negative downhill); nil on the
    /// flat-only tracks without elevation or before enough distance.
    package var gradePercent: Double?
    /// Beats per minute from a heart-rate sensor, nil when the source has none.
    package var heartRateBPM: Double?
    /// Steps per minute (both feet) from the pedometer, nil when the source has none.
    package var cadenceSPM: Double?
    /// False while fixes have stopped coming (signal lost): time runs on, distance waits.
    package var gpsOK: Bool
    /// Where the runner is in the workout the run follows, if it follows one.
    package var workout: WorkoutPosition?

    package init(
        elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMetres: Double = 0,
        caloriesKilocalories: Double = 0, currentPaceSecondsPerKilometre: Double? = nil,
        elevationGainMetres: Double = 0, isPaused: Bool = false, goalMetres: Double? = nil,
        position: Coordinate? = nil, elevationMetres: Double? = nil, gradePercent: Double? = nil,
        heartRateBPM: Double? = nil, cadenceSPM: Double? = nil, gpsOK: Bool = true, workout: WorkoutPosition? = nil
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMetres = distanceMetres
        self.caloriesKilocalories = caloriesKilocalories
        self.currentPaceSecondsPerKilometre = currentPaceSecondsPerKilometre
        self.elevationGainMetres = elevationGainMetres
        self.isPaused = isPaused
        self.goalMetres = goalMetres
        self.position = position
        self.elevationMetres = elevationMetres
        self.gradePercent = gradePercent
        self.heartRateBPM = heartRateBPM
        self.cadenceSPM = cadenceSPM
        self.gpsOK = gpsOK
        self.workout = workout
    }

    /// Moving seconds per kilometre over the whole run, nil before the first 10 metres.
    package var averagePaceSecondsPerKilometre: Double? {
        distanceMetres >= 10 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
