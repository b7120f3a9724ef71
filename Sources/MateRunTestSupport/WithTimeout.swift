/// An awaited operation did not finish within its bound.
package struct TimedOut: Error, CustomStringConvertible {
    package let seconds: Double
    package var description: String { "timed out after \(seconds) s" }

    package init(seconds: Double) {
        self.seconds = seconds
    }
}

/// Runs `operation`, throwing `TimedOut` if it takes longer than `seconds` of real time: a guard
/// so that a broken test (a socket that never answers, a run that never ends) fails instead of
/// hanging, never a way to wait for something. The operation is cancelled when time runs out.
package func withTimeout<Value: Sendable>(
    _ seconds: Double = 10, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimedOut(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimedOut(seconds: seconds) }
        return first
    }
}
