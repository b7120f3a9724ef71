import MateRunDomain
import Synchronization

/// An in-memory `MateLink`: records what is sent and lets a test play the mate's side.
///
/// Alone, the test pushes events with `push(_:)`. Made by `FakeMateLink.pair()`, two links are
/// wired to each other: what one sends arrives as `.update` at the other, and a `close` arrives
/// there as `.lost` with the goodbye's reason, as the TCP link reports a `bye`.
package final class FakeMateLink: MateLink, Sendable {
    private struct State {
        var sent: [MateUpdate] = []
        var goodbye: MateGoodbye?
        var peer: FakeMateLink?
    }

    package let events: AsyncStream<MateLinkEvent>
    private let continuation: AsyncStream<MateLinkEvent>.Continuation
    private let state = Mutex(State())

    package init() {
        (events, continuation) = AsyncStream.makeStream(of: MateLinkEvent.self)
    }

    /// Two links wired to each other, one for each side of a pair.
    package static func pair() -> (FakeMateLink, FakeMateLink) {
        let first = FakeMateLink(), second = FakeMateLink()
        first.state.withLock { $0.peer = second }
        second.state.withLock { $0.peer = first }
        return (first, second)
    }

    /// Delivers `event` as if it came from the mate or the connection.
    package func push(_ event: MateLinkEvent) {
        continuation.yield(event)
        if case .lost = event { continuation.finish() }
    }

    /// Every update sent so far, in order (before the link was closed).
    package var sent: [MateUpdate] {
        state.withLock { $0.sent }
    }

    /// The goodbye given to `close`, nil while open.
    package var goodbye: MateGoodbye? {
        state.withLock { $0.goodbye }
    }

    package func send(_ update: MateUpdate) async {
        let peer = state.withLock { state -> FakeMateLink? in
            guard state.goodbye == nil else { return nil }
            state.sent.append(update)
            return state.peer
        }
        peer?.push(.update(update))
    }

    package func close(_ goodbye: MateGoodbye) async {
        let peer = state.withLock { state -> FakeMateLink? in
            guard state.goodbye == nil else { return nil }
            state.goodbye = goodbye
            return state.peer
        }
        continuation.finish()
        peer?.push(.lost(reason: goodbye.reason, detail: goodbye.message))
    }
}
