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

    package init(
        elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMetres: Double = 0,
        caloriesKilocalories: Double = 0, currentPaceSecondsPerKilometre: Double? = nil,
        elevationGainMetres: Double = 0, isPaused: Bool = false, goalMetres: Double? = nil
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMetres = distanceMetres
        self.caloriesKilocalories = caloriesKilocalories
        self.currentPaceSecondsPerKilometre = currentPaceSecondsPerKilometre
        self.elevationGainMetres = elevationGainMetres
        self.isPaused = isPaused
        self.goalMetres = goalMetres
    }

    /// Moving seconds per kilometre over the whole run, nil before the first 10 metres.
    package var averagePaceSecondsPerKilometre: Double? {
        distanceMetres >= 10 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
