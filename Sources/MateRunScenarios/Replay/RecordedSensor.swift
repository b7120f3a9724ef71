import MateRunDomain

/// A sensor that replays samples known before the run (a scenario, a recording, a test), each
/// delivered when the run clock reaches its time: the one provider for both kinds of sample.
///
/// Through the provider protocols it is a stream like any sensor. Because its samples are known,
/// it offers them ahead (`knownLocations`, `knownMotions`), and the running use case reads them
/// directly when the clock is unpaced (a replay at `--speed max`), merging both sensors in time
/// order with plain function calls instead of a task switch per sample.
package struct RecordedSensor<Sample: TimedSample>: Sendable {
    /// The samples, in time order.
    package let samples: [Sample]
    private let clock: any RunClock

    package init(samples: [Sample], clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    /// The samples as a stream: each is yielded once `clock` reaches its time; cancelling the
    /// consumer (or its task) stops the replay.
    package func updates() -> AsyncStream<Sample> {
        let (stream, continuation) = AsyncStream.makeStream(of: Sample.self)
        let replay = Task { [samples, clock] in
            for sample in samples {
                do {
                    try await clock.sleep(until: sample.time)
                } catch {
                    break
                }
                continuation.yield(sample)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in replay.cancel() }
        return stream
    }
}

extension RecordedSensor: LocationProvider where Sample == LocationSample {
    package func locationUpdates() -> AsyncStream<LocationSample> { updates() }
    package var knownLocations: [LocationSample]? { samples }
}

extension RecordedSensor: MotionProvider where Sample == MotionSample {
    package func motionUpdates() -> AsyncStream<MotionSample> { updates() }
    package var knownMotions: [MotionSample]? { samples }
}
