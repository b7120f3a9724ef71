/// The state of a run at one instant: what the screen and a mate are shown.
///
/// A snapshot rides in every event: the figures that may be missing are kept in 8 bytes each
/// (`PackedOptional`) instead of an optional's 16, and it holds no reference, so that a copy is
/// a plain copy of its bytes, with no reference count to keep and no copy routine to call.
package struct RunSnapshot: Sendable, Equatable, BitwiseCopyable {
    /// Run time since the start, pauses included.
    package var elapsedSeconds: Double
    /// Run time spent moving: elapsed minus pauses (auto and the runner's).
    package var movingSeconds: Double
    package var distanceMetres: Double
    /// Exercise (net) kilocalories: resting metabolism is not counted.
    package var caloriesKilocalories: Double
    /// Pace over the last few moving seconds, nil while standing or before there is enough track.
    @PackedOptional package var currentPaceSecondsPerKilometre: Double?
    package var elevationGainMetres: Double
    package var isPaused: Bool
    /// False while fixes have stopped coming (signal lost): time runs on, distance waits.
    package var gpsOK: Bool
    /// The goal this run is heading for, if any.
    @PackedOptional package var goalMetres: Double?
    /// Where the runner was at the latest fix the tracker accepted, nil before the first.
    package var position: Coordinate? {
        get { latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } } }
        set {
            latitude = newValue?.latitude
            longitude = newValue?.longitude
        }
    }
    /// Smoothed elevation (metres) at the latest fix, when the fixes carry elevation.
    @PackedOptional package var elevationMetres: Double?
    /// Climb over the last stretch of about 100 m, in percent (negative downhill); nil on the
    /// flat-only tracks without elevation or before enough distance.
    @PackedOptional package var gradePercent: Double?
    /// Beats per minute from a heart-rate sensor, nil when the source has none.
    @PackedOptional package var heartRateBPM: Double?
    /// Steps per minute (both feet) from the pedometer, nil when the source has none.
    @PackedOptional package var cadenceSPM: Double?
    /// Where the runner is in the workout the run follows, if it follows one.
    package var workout: WorkoutPosition?
    /// Laps the runner has marked so far.
    package var lapCount: Int
    /// Where the lap under way began: distance and moving time at the last mark (0 before one).
    package var lapStartDistanceMetres: Double
    package var lapStartMovingSeconds: Double

    /// The lap under way since the runner's last mark; nil until they mark one.
    package var currentLap: CurrentLap? {
        guard lapCount > 0 else { return nil }
        return CurrentLap(
            index: lapCount + 1, distanceMetres: max(0, distanceMetres - lapStartDistanceMetres),
            movingSeconds: max(0, movingSeconds - lapStartMovingSeconds))
    }

    @PackedOptional private var latitude: Double?
    @PackedOptional private var longitude: Double?

    package init(
        elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMetres: Double = 0,
        caloriesKilocalories: Double = 0, currentPaceSecondsPerKilometre: Double? = nil,
        elevationGainMetres: Double = 0, isPaused: Bool = false, goalMetres: Double? = nil,
        position: Coordinate? = nil, elevationMetres: Double? = nil, gradePercent: Double? = nil,
        heartRateBPM: Double? = nil, cadenceSPM: Double? = nil, gpsOK: Bool = true, workout: WorkoutPosition? = nil,
        lapStartDistanceMetres: Double = 0, lapStartMovingSeconds: Double = 0, lapCount: Int = 0 
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMetres = distanceMetres
        self.caloriesKilocalories = caloriesKilocalories
        self.currentPaceSecondsPerKilometre = currentPaceSecondsPerKilometre
        self.elevationGainMetres = elevationGainMetres
        self.isPaused = isPaused
        self.goalMetres = goalMetres
        latitude = position?.latitude
        longitude = position?.longitude
        self.elevationMetres = elevationMetres
        self.gradePercent = gradePercent
        self.heartRateBPM = heartRateBPM
        self.cadenceSPM = cadenceSPM
        self.gpsOK = gpsOK
        self.workout = workout
        self.lapCount = lapCount
        self.lapStartDistanceMetres = lapStartDistanceMetres
        self.lapStartMovingSeconds = lapStartMovingSeconds
    }

    /// Moving seconds per kilometre over the whole run, nil before the first 10 metres.
    package var averagePaceSecondsPerKilometre: Double? {
        distanceMetres >= 10 ? movingSeconds / distanceMetres * 1000 : nil
    }
}

/// The lap a runner is on, as far as it has gone.
package struct CurrentLap: Sendable, Equatable {
    /// 2 after the first mark.
    package var index: Int
    package var distanceMetres: Double
    package var movingSeconds: Double

    /// Moving seconds per kilometre over the lap, nil before its first 10 metres.
    package var paceSecondsPerKilometre: Double? {
        distanceMetres >= 10 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
