import MateRunDomain

/// Location fixes from an array, each delivered when the injected clock reaches its time.
///
/// The test double for a location sensor: tests decide the samples and drive the clock.
public struct PacedLocationProvider: LocationProvider {
    private let samples: [LocationSample]
    private let clock: any RunClock

    public init(samples: [LocationSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    public func locationUpdates() -> SensorFeed<LocationSample> {
        .timed(samples, clock: clock)
    }
}

/// Motion updates from an array, each delivered when the injected clock reaches its time.
public struct PacedMotionProvider: MotionProvider {
    private let samples: [MotionSample]
    private let clock: any RunClock

    public init(samples: [MotionSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    public func motionUpdates() -> SensorFeed<MotionSample> {
        .timed(samples, clock: clock)
    }
}
