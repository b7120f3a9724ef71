import MateRunDomain

/// What the sensors had said at a moment of the run, as `RunKeeper` reads it to keep a fix: a
/// scenario's samples read forward (`ScenarioReadings`), or what a live sensor delivered
/// (`LiveReadings`).
protocol KeptReadings {
    /// Moves to `time` (seconds of run time); times only move forward.
    mutating func advance(to time: Double)
    /// A number for the latest location at or before the time reached that grows with each new
    /// one, -1 before the first: the keeper keeps a location once.
    var locationIndex: Int { get }
    /// The latest location at or before the time reached, nil before the first.
    var location: LocationSample? { get }
    /// The fix to keep at `time`: the latest location with what the body's sensors last said,
    /// and the run's figures then; nil before the first location.
    func fix(at time: Double, distanceMetres: Double, movingSeconds: Double) -> RecordedFix?
}
