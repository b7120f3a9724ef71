/// A source of location fixes, delivered as the run's time reaches each one.
///
/// The feed is pulled: a provider does no work until the run asks for the next fix, so a replay
/// cannot race ahead of the run that consumes it. It ends when the sensor has nothing more, or
/// when the consuming task is cancelled.
package protocol LocationProvider: Sendable {
    func locationUpdates() -> SensorFeed<LocationSample>
}

/// A source of motion updates (activity and cadence), delivered as the run's time reaches each one.
///
/// Like a phone's pedometer, a provider reports regularly (about once a second) for as long as the
/// run's sensors have data, so that consumers can merge it with locations in time order.
package protocol MotionProvider: Sendable {
    func motionUpdates() -> SensorFeed<MotionSample>
}
