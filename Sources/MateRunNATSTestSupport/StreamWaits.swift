import MateRunTestSupport

/// The next element of `stream`, waited for as an event, bounded so a broken test fails instead
/// of hanging. (Sequential waits on one stream are fine; it has a single reader at a time.)
package func next<Element: Sendable>(_ stream: AsyncStream<Element>, within seconds: Double = 30) async throws -> Element? {
    try await withTimeout(seconds) {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}
