import MateRunTestSupport
import Testing

@Suite("The tests' own time bound")
struct WithTimeoutTests {
    @Test func aWaitThatIgnoresCancellationIsStillBounded() async throws {
        // Given an operation that waits a minute and cannot be cancelled
        let start = ContinuousClock.now
        // When it is bounded to a fifth of a second
        await #expect(throws: TimedOut.self) {
            try await withTimeout(0.2) {
                await Task.detached { try? await Task.sleep(for: .seconds(60)) }.value
            }
        }
        // Then the caller is answered long before the operation ends
        #expect(ContinuousClock.now - start < .seconds(30))
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
