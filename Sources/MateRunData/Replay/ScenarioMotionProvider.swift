import MateRunDomain

/// Motion updates from a scenario, each delivered when the run clock reaches its time.
///
/// Every call to `motionUpdates()` replays the updates from the start.
public struct ScenarioMotionProvider: MotionProvider {
    private let samples: [MotionSample]
    private let clock: any RunClock

    public init(samples: [MotionSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    public init(scenario: Scenario, clock: any RunClock) {
        self.init(samples: scenario.motions, clock: clock)
    }

    public func motionUpdates() -> SensorFeed<MotionSample> {
        .timed(samples, clock: clock)
    }
}
