/// A source of location fixes: a GPS, a socket, a replay.
///
/// The contract is only a stream of fixes in time order, each delivered when it happens, ending
/// when the sensor stops (or when the consuming task is cancelled), so that any sensor can
/// implement it. A replay of known fixes may also offer them ahead (`RecordedSensor`), which the
/// use case takes as an optimisation when nothing needs to wait.
package protocol LocationProvider: Sendable {
    func locationUpdates() -> AsyncStream<LocationSample>
}

/// A source of motion updates (activity and cadence), delivered as they happen.
///
/// Like a phone's pedometer, a provider reports regularly (about once a second) for as long as the
/// run's sensors have data, so that consumers can merge it with locations in time order.
package protocol MotionProvider: Sendable {
    func motionUpdates() -> AsyncStream<MotionSample>
}

/// A sample that happened at a moment of the run.
package protocol TimedSample: Sendable {
    /// Seconds since the start of the run.
    var time: Double { get }
}

extension LocationSample: TimedSample {}
extension MotionSample: TimedSample {}
