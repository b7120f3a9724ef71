import Synchronization

/// The frames of a connection as an async sequence that holds the peer back when its reader
/// falls behind: at most `TCPConnectionOptions.pendingFrameLimit` frames wait between the
/// poller and the reader; beyond that the poller stops reading the socket until the reader
/// takes one, so TCP itself slows the peer down, and a peer that writes faster than we parse
/// fills its own send buffer instead of our memory.
package struct TCPFrames: AsyncSequence, Sendable {
    package typealias Element = [UInt8]
    package typealias Failure = any Error

    let stream: AsyncThrowingStream<[UInt8], any Error>
    let flow: TCPFrameFlow

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), flow: flow)
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator
        let flow: TCPFrameFlow

        package mutating func next() async throws -> [UInt8]? {
            let frame = try await base.next(isolation: #isolation)
            if frame != nil { flow.taken() }
            return frame
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [UInt8]? {
            let frame = try await base.next(isolation: actor)
            if frame != nil { flow.taken() }
            return frame
        }
    }
}

/// How many frames wait for the reader, shared by the poller and the reader.
final class TCPFrameFlow: Sendable {
    let limit: Int
    private let waiting = Atomic<Int>(0)
    /// Has the poller serve the connection again (it reads once more).
    private let wake: @Sendable () -> Void

    init(limit: Int, wake: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.wake = wake
    }

    /// Whether the poller may read more from the socket.
    var acceptsMore: Bool { waiting.load(ordering: .acquiring) < limit }

    /// The poller handed out `count` frames.
    func handedOut(_ count: Int) {
        waiting.add(count, ordering: .releasing)
    }

    /// The reader took a frame; wakes the poller when that makes room again.
    func taken() {
        if waiting.subtract(1, ordering: .acquiringAndReleasing).newValue == limit - 1 {
            wake()
        }
    }
}
