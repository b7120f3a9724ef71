import MateRunDomain

/// Location fixes from an array, each delivered when the injected clock reaches its time.
///
/// The test double for a location sensor: tests decide the samples and drive the clock.
package struct PacedLocationProvider: LocationProvider {
    private let samples: [LocationSample]
    private let clock: any RunClock

    package init(samples: [LocationSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    package func locationUpdates() -> SensorFeed<LocationSample> {
        .timed(samples, clock: clock)
    }
}

/// Motion updates from an array, each delivered when the injected clock reaches its time.
package struct PacedMotionProvider: MotionProvider {
    private let samples: [MotionSample]
    private let clock: any RunClock

    package init(samples: [MotionSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    package func motionUpdates() -> SensorFeed<MotionSample> {
        .timed(samples, clock: clock)
    }
}
