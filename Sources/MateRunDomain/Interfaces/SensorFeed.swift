/// A sample that happened at a moment of the run.
public protocol TimedSample: Sendable {
    /// Seconds since the start of the run.
    var time: Double { get }
}

extension LocationSample: TimedSample {}
extension MotionSample: TimedSample {}

/// The samples a sensor delivers during a run, in time order.
///
/// Either *timed* — known samples, each handed out when the run clock reaches its time (a replay,
/// or a test) — or *live*, from any stream. A timed feed is pulled, so it never runs ahead of the
/// run, and on an unpaced clock handing out a sample is a plain function call: a replay at
/// `--speed max` is not slowed by a task switch per sample.
public struct SensorFeed<Sample: TimedSample>: AsyncSequence, Sendable {
    public typealias Element = Sample

    private enum Source: Sendable {
        case timed([Sample], any RunClock)
        case live(AsyncStream<Sample>)
    }

    private let source: Source

    /// `samples` (in time order), each delivered when `clock` reaches its time. The feed ends
    /// after the last sample, or when the waiting task is cancelled.
    public static func timed(_ samples: [Sample], clock: any RunClock) -> SensorFeed {
        SensorFeed(source: .timed(samples, clock))
    }

    /// Samples as a live sensor reports them.
    public static func live(_ stream: AsyncStream<Sample>) -> SensorFeed {
        SensorFeed(source: .live(stream))
    }

    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case let .timed(samples, clock):
            AsyncIterator(samples: samples, clock: clock.isPaced ? clock : nil, live: nil)
        case let .live(stream):
            AsyncIterator(samples: [], clock: nil, live: stream.makeAsyncIterator())
        }
    }

    /// Hands out the feed's samples one at a time.
    ///
    /// Plain stored properties rather than an enum of states, so that taking a sample moves an
    /// index in place instead of repacking the array into a new state.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let samples: [Sample]
        private var index = 0
        /// The clock to wait on; nil when there is nothing to wait for (unpaced, or live).
        private let clock: (any RunClock)?
        private var live: AsyncStream<Sample>.Iterator?
        private var ended = false

        fileprivate init(samples: [Sample], clock: (any RunClock)?, live: AsyncStream<Sample>.Iterator?) {
            self.samples = samples
            self.clock = clock
            self.live = live
        }

        /// What `next()` would give, when it can be had without waiting: on an unpaced clock,
        /// a whole replay is read without one suspension.
        public mutating func nextWithoutWaiting() -> Immediate<Sample> {
            if ended { return .ended }
            guard clock == nil, live == nil else { return .mustWait }
            guard index < samples.count, index & 1023 != 0 || !Task.isCancelled else {
                ended = true
                return .ended
            }
            index += 1
            return .sample(samples[index - 1])
        }

        public mutating func next() async -> Sample? {
            if live != nil {
                let sample = await live?.next(isolation: #isolation)
                if sample == nil { ended = true }
                return sample
            }
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
public enum Immediate<Element> {
    case sample(Element)
    case ended
    /// The next element needs waiting for: ask `next()`.
    case mustWait
}
