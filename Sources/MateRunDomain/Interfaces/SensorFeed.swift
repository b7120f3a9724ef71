/// A sample that happened at a moment of the run.
package protocol TimedSample: Sendable {
    /// Seconds since the start of the run.
    var time: Double { get }
}

extension LocationSample: TimedSample {}
extension MotionSample: TimedSample {}

/// The samples a sensor delivers during a run, in time order: known samples, each handed out when
/// the run clock reaches its time (a replay, or a test).
///
/// The feed is pulled, so it never runs ahead of the run, and on an unpaced clock handing out a
/// sample is a plain function call: a replay at `--speed max` is not slowed by a task switch per
/// sample.
package struct SensorFeed<Sample: TimedSample>: AsyncSequence, Sendable {
    package typealias Element = Sample

    private let samples: [Sample]
    private let clock: any RunClock

    /// `samples` (in time order), each delivered when `clock` reaches its time. The feed ends
    /// after the last sample, or when the waiting task is cancelled.
    package static func timed(_ samples: [Sample], clock: any RunClock) -> SensorFeed {
        SensorFeed(samples: samples, clock: clock)
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(samples: samples, clock: clock.isPaced ? clock : nil)
    }

    /// Hands out the feed's samples one at a time.
    package struct AsyncIterator: AsyncIteratorProtocol {
        private let samples: [Sample]
        private var index = 0
        /// The clock to wait on; nil when it is unpaced and there is nothing to wait for.
        private let clock: (any RunClock)?
        private var ended = false

        fileprivate init(samples: [Sample], clock: (any RunClock)?) {
            self.samples = samples
            self.clock = clock
        }

        /// What `next()` would give, when it can be had without waiting: on an unpaced clock,
        /// a whole replay is read without one suspension. Cancellation is checked every 1,024
        /// samples.
        package mutating func nextWithoutWaiting() -> Immediate<Sample> {
            if ended { return .ended }
            guard clock == nil else { return .mustWait }
            guard index < samples.count, index & 1023 != 0 || !Task.isCancelled else {
                ended = true
                return .ended
            }
            index += 1
            return .sample(samples[index - 1])
        }

        package mutating func next() async -> Sample? {
            guard let clock else {
                guard case .sample(let sample) = nextWithoutWaiting() else { return nil }
                return sample
            }
            guard !ended, index < samples.count else {
                ended = true
                return nil
            }
            let sample = samples[index]
            do {
                try await clock.sleep(until: sample.time)
            } catch {
                ended = true
                return nil
            }
            index += 1
            return sample
        }
    }
}

/// The answer of a feed asked for its next element without waiting.
package enum Immediate<Element> {
    case sample(Element)
    case ended
    /// The next element needs waiting for: ask `next()`.
    case mustWait
}
