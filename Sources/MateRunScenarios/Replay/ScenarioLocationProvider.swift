import MateRunDomain

/// Location fixes from a scenario, each delivered when the run clock reaches its time.
///
/// Every call to `locationUpdates()` replays the fixes from the start.
package struct ScenarioLocationProvider: LocationProvider {
    private let samples: [LocationSample]
    private let clock: any RunClock

    package init(samples: [LocationSample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    package init(scenario: Scenario, clock: any RunClock) {
        self.init(samples: scenario.locations, clock: clock)
    }

    package func locationUpdates() -> SensorFeed<LocationSample> {
        .timed(samples, clock: clock)
    }
}
