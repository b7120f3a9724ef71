/// A source of location fixes: a GPS, a socket, a replay.
///
/// The contract is only a stream of fixes in time order, each delivered when it happens, ending
/// when the sensor stops (or when the consuming task is cancelled), so that any sensor can
/// implement it. A source that knows its fixes before the run (a replay) may also offer them
/// ahead through `knownLocations`, a capability the use case takes as an optimisation when
/// nothing needs to wait; a live sensor keeps the default, nil.
package protocol LocationProvider: Sendable {
    func locationUpdates() -> AsyncStream<LocationSample>
    /// Every fix the stream will deliver, in time order, when known before the run; nil otherwise.
    var knownLocations: [LocationSample]? { get }
}

extension LocationProvider {
    /// A sensor's fixes are not known before they happen.
    package var knownLocations: [LocationSample]? { nil }
}

/// A source of motion updates (activity and cadence), delivered as they happen.
///
/// Like a phone's pedometer, a provider reports regularly (about once a second) for as long as the
/// run's sensors have data, so that consumers can merge it with locations in time order. Like a
/// location provider, one that knows its updates ahead may offer them (`knownMotions`).
package protocol MotionProvider: Sendable {
    func motionUpdates() -> AsyncStream<MotionSample>
    /// Every update the stream will deliver, in time order, when known before the run; nil otherwise.
    var knownMotions: [MotionSample]? { get }
}

extension MotionProvider {
    /// A sensor's updates are not known before they happen.
    package var knownMotions: [MotionSample]? { nil }
}

/// A sample that happened at a moment of the run.
package protocol TimedSample: Sendable {
    /// Seconds since the start of the run.
    var time: Double { get }
}

extension LocationSample: TimedSample {}
extension MotionSample: TimedSample {}
