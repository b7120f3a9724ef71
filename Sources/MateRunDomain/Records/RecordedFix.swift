/// One point of a kept run's track: where the runner was, what the sensors said, and how far and
/// how long (moving) the run had gone by then.
///
/// The cumulative distance and moving time are the tracker's own figures, kept so that personal
/// bests and an export's DistanceMeters agree with what the runner was shown, without
/// re-measuring the track. A kept run holds one a second, and a replay hands its journal one a
/// fix: the figures that may be missing are kept in 8 bytes each (`PackedOptional`).
package struct RecordedFix: Sendable, Equatable, BitwiseCopyable {
    /// Seconds since the start of the run (elapsed, pauses included).
    package var time: Double
    package var coordinate: Coordinate
    @PackedOptional package var elevation: Double?
    /// Beats per minute, when a heart-rate sensor reported it.
    @PackedOptional package var heartRate: Double?
    /// Steps per minute, when the pedometer reported it.
    @PackedOptional package var cadence: Double?
    /// The accuracy (metres) the receiver claimed for the fix, so that a replay of the export
    /// filters it as the run did.
    @PackedOptional package var horizontalAccuracy: Double?
    /// What the motion sensor said at the fix (standing, walking, running), when it said.
    package var activity: Activity?
    /// Metres run since the start.
    package var distanceMetres: Double
    /// Moving seconds since the start (auto-pauses excluded).
    package var movingSeconds: Double

    package init(
        time: Double, coordinate: Coordinate, elevation: Double? = nil, heartRate: Double? = nil,
        cadence: Double? = nil, horizontalAccuracy: Double? = nil, activity: Activity? = nil,
        distanceMetres: Double, movingSeconds: Double
    ) {
        self.time = time
        self.coordinate = coordinate
        self.elevation = elevation
        self.heartRate = heartRate
        self.cadence = cadence
        self.horizontalAccuracy = horizontalAccuracy
        self.activity = activity
        self.distanceMetres = distanceMetres
        self.movingSeconds = movingSeconds
    }
}

/// The mate's distance at one moment of a paired run, so that the race can be shown again.
package struct MateProgressPoint: Sendable, Equatable {
    /// The mate's elapsed run time.
    package var elapsedSeconds: Double
    package var distanceMetres: Double

    package init(elapsedSeconds: Double, distanceMetres: Double) {
        self.elapsedSeconds = elapsedSeconds
        self.distanceMetres = distanceMetres
    }
}
