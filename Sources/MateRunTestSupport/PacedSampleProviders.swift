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

    public func locationUpdates() -> AsyncStream<LocationSample> {
        pacedStream(samples, time: \.time, clock: clock)
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

    public func motionUpdates() -> AsyncStream<MotionSample> {
        pacedStream(samples, time: \.time, clock: clock)
    }
}

private func pacedStream<Sample: Sendable>(
    _ samples: [Sample], time: KeyPath<Sample, Double> & Sendable, clock: any RunClock
) -> AsyncStream<Sample> {
    let cursor = Cursor()
    return AsyncStream(unfolding: {
        guard let sample = cursor.take(from: samples) else { return nil }
        do {
            try await clock.sleep(until: sample[keyPath: time])
        } catch {
            return nil
        }
        return sample
    })
}

/// The position in a paced stream; `AsyncStream(unfolding:)` calls its closure one call at a time.
private final class Cursor: @unchecked Sendable {
    private var index = 0

    func take<Sample>(from samples: [Sample]) -> Sample? {
        guard index < samples.count else { return nil }
        defer { index += 1 }
        return samples[index]
    }
}
