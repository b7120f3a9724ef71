import MateRunDomain
import Testing

@Suite("A run's events have one consumer")
struct SingleConsumerTests {
    @Test func iteratingARunsEventsASecondTimeTraps() async {
        // Given a run's event stream already iterated once
        // When it is iterated again
        // Then the process stops with a failure instead of splitting the events between two readers
        await #expect(processExitsWith: .failure) {
            let events = RunEventStream(unfolding: { nil })
            for await _ in events {}
            for await _ in events {}
        }
    }

    @Test func handingARunsEventsOverAfterIteratingThemTraps() async {
        // Given a run's event stream already iterated once
        // When its events are handed to forEach as well
        // Then the process stops with a failure
        await #expect(processExitsWith: .failure) {
            let events = RunEventStream(unfolding: { nil })
            for await _ in events {}
            await events.forEach { _ in }
        }
    }

    @Test func theFirstIterationGetsEveryEvent() async {
        // Given a stream of three events
        let (stream, continuation) = AsyncStream<RunEvent>.makeStream()
        for _ in 0..<3 { continuation.yield(.gpsLost(RunSnapshot())) }
        continuation.finish()
        // When it is iterated once
        var count = 0
        for await _ in RunEventStream(stream) { count += 1 }
        // Then all three arrive
        #expect(count == 3)
    }
}
