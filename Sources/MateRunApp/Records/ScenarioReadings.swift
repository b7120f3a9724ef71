import MateRunDomain

/// A scenario's sensor samples read forward in run time: at a moment of the run, the latest fix
/// and the latest cadence and heart rate the sensors had delivered. What a scenario's export
/// writes (`export SCENARIO`); a run's own kept track comes from what the run published.
struct ScenarioReadings {
    private let locations: [LocationSample]
    private let motions: [MotionSample]
    /// The index of the latest location at or before the time reached, -1 before the first.
    private(set) var locationIndex = -1
    private var motionIndex = -1

    init(locations: [LocationSample], motions: [MotionSample]) {
        self.locations = locations
        self.motions = motions
    }

    /// Moves to `time` (seconds of run time); times only move forward.
    mutating func advance(to time: Double) {
        while locationIndex + 1 < locations.count, locations[locationIndex + 1].time <= time { locationIndex += 1 }
        while motionIndex + 1 < motions.count, motions[motionIndex + 1].time <= time { motionIndex += 1 }
    }

    /// The latest fix, nil before the first.
    var location: LocationSample? { locationIndex >= 0 ? locations[locationIndex] : nil }

    /// The latest cadence the pedometer reported, nil when it has not.
    var cadence: Double? { motionIndex >= 0 ? motions[motionIndex].cadence : nil }

    /// The fix to keep at `time`: the latest location with what the body's sensors last said,
    /// and the run's figures then; nil before the first location.
    func fix(at time: Double, distanceMetres: Double, movingSeconds: Double) -> RecordedFix? {
        guard let location else { return nil }
        return RecordedFix(
            time: time, coordinate: location.coordinate, elevation: location.elevation, heartRate: heartRate,
            cadence: cadence, horizontalAccuracy: location.horizontalAccuracy, activity: activity,
            distanceMetres: distanceMetres, movingSeconds: movingSeconds)
    }

    /// What the motion sensor last said the runner was doing, nil before it said anything.
    var activity: Activity? { motionIndex >= 0 ? motions[motionIndex].activity : nil }

    /// The latest heart rate the strap reported, nil when it has not.
    var heartRate: Double? { motionIndex >= 0 ? motions[motionIndex].heartRate : nil }
}
