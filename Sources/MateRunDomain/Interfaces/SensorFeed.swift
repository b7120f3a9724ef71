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
            AsyncIterator(state: clock.isPaced ? .timed(samples, 0, clock) : .unpaced(samples, 0))
        case let .live(stream): AsyncIterator(state: .live(stream.makeAsyncIterator()))
        }
    }

    /// Hands out the feed's samples one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate enum State {
            case timed([Sample], Int, any RunClock)
            /// On an unpaced clock there is nothing to wait for: only cancellation is checked.
            case unpaced([Sample], Int)
            case live(AsyncStream<Sample>.Iterator)
            case ended
        }

        fileprivate var state: State

        /// What `next()` would give, when it can be had without waiting: on an unpaced clock,
        /// a whole replay is read without one suspension.
        public mutating func nextWithoutWaiting() -> Immediate<Sample> {
            switch state {
            case let .unpaced(samples, index):
                guard index < samples.count, index & 1023 != 0 || !Task.isCancelled else {
                    state = .ended
                    return .ended
                }
                state = .unpaced(samples, index + 1)
                return .sample(samples[index])
            case .ended:
                return .ended
            case .timed, .live:
                return .mustWait
            }
        }

        public mutating func next() async -> Sample? {
            switch state {
            case let .timed(samples, index, clock):
                guard index < samples.count else {
                    state = .ended
                    return nil
                }
                let sample = samples[index]
                do {
                    try await clock.sleep(until: sample.time)
                } catch {
                    state = .ended
                    return nil
                }
                state = .timed(samples, index + 1, clock)
                return sample
            case .unpaced:
                guard case .sample(let sample) = nextWithoutWaiting() else { return nil }
                return sample
            case .live(var iterator):
                let sample = await iterator.next(isolation: #isolation)
                state = sample == nil ? .ended : .live(iterator)
                return sample
            case .ended:
                return nil
            }
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
