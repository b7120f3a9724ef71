import MateRunDomain

/// Motion updates from a scenario, each delivered when the run clock reaches its time.
///
/// Every call to `motionUpdates()` replays the updates from the start.
package struct ScenarioMotionProvider: MotionProvider {
    private let samples: [MotionSample]
    private let clock: any RunClock

    package init(samples: [MotionSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    package init(scenario: Scenario, clock: any RunClock) {
        self.init(samples: scenario.motions, clock: clock)
    }

    package func motionUpdates() -> SensorFeed<MotionSample> {
        .timed(samples, clock: clock)
    }
}
