import MateRunDomain
import Synchronization

/// Hands out samples one at a time, each when the clock reaches its time.
///
/// Pull-based through `AsyncStream(unfolding:)`: nothing runs ahead of the consumer, and a
/// cancelled wait (the clock's `sleep` throws) ends the stream.
enum TimedReplay {
    static func stream<Sample: Sendable>(
        of samples: [Sample], clock: any RunClock, time: @escaping @Sendable (Sample) -> Double
    ) -> AsyncStream<Sample> {
        let cursor = ReplayCursor()
        return AsyncStream(unfolding: {
            guard let index = cursor.take(below: samples.count) else { return nil }
            let sample = samples[index]
            do {
                try await clock.sleep(until: time(sample))
            } catch {
                cursor.finish()
                return nil
            }
            return sample
        })
    }
}

/// The position of one replay in its samples.
private final class ReplayCursor: Sendable {
    private let state = Mutex((next: 0, finished: false))

    /// The next index, or nil once past `count` or finished.
    func take(below count: Int) -> Int? {
        state.withLock { state in
            guard !state.finished, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func finish() {
        state.withLock { $0.finished = true }
    }
}
