import MateRunTestSupport
import Testing

@Suite("The tests' own time bound")
struct WithTimeoutTests {
    @Test(.timeLimit(.minutes(10)))
    func aWaitThatIgnoresCancellationIsStillBounded() async throws {
        // Given an operation that waits an hour and cannot be cancelled
        // When it is bounded to a fifth of a second
        // Then the caller is answered with the timeout (a bound that waited for the operation
        // would hold the test for the hour, past its time limit)
        await #expect(throws: TimedOut.self) {
            try await withTimeout(0.2) {
                await Task.detached { try? await Task.sleep(for: .seconds(3600)) }.value
            }
        }
    }

    @Test func anOperationThatEndsInTimeGivesItsValue() async throws {
        // Given an operation that answers at once
        // When it is bounded
        let value = try await withTimeout(30) { 42 }
        // Then its value comes back
        #expect(value == 42)
    }

    @Test func anOperationsOwnErrorIsPassedOn() async throws {
        struct Refused: Error {}
        // Given an operation that fails at once
        // When it is bounded
        // Then its own error, not a timeout, reaches the caller
        await #expect(throws: Refused.self) {
            try await withTimeout(30) { throw Refused() }
        }
    }
}
