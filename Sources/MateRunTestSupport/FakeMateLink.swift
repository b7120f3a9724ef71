import MateRunDomain
import Synchronization

/// An in-memory `MateLink`: records what is sent and lets a test play the mate's side.
///
/// Alone, the test pushes events with `push(_:)`. Made by `FakeMateLink.pair()`, two links are
/// wired to each other: what one sends arrives as `.message` at the other, and a `close` arrives
/// there as `.lost` with the goodbye's reason, as the TCP link reports a `bye`.
public final class FakeMateLink: MateLink, Sendable {
    private struct State {
        var sent: [MateMessage] = []
        var goodbye: MateGoodbye?
        var peer: FakeMateLink?
    }

    public let events: AsyncStream<MateLinkEvent>
    private let continuation: AsyncStream<MateLinkEvent>.Continuation
    private let state = Mutex(State())

    public init() {
        (events, continuation) = AsyncStream.makeStream(of: MateLinkEvent.self)
    }

    /// Two links wired to each other, one for each side of a pair.
    public static func pair() -> (FakeMateLink, FakeMateLink) {
        let first = FakeMateLink(), second = FakeMateLink()
        first.state.withLock { $0.peer = second }
        second.state.withLock { $0.peer = first }
        return (first, second)
    }

    /// Delivers `event` as if it came from the mate or the connection.
    public func push(_ event: MateLinkEvent) {
        continuation.yield(event)
        if case .lost = event { continuation.finish() }
    }

    /// Every message sent so far, in order (before the link was closed).
    public var sent: [MateMessage] {
        state.withLock { $0.sent }
    }

    /// The goodbye given to `close`, nil while open.
    public var goodbye: MateGoodbye? {
        state.withLock { $0.goodbye }
    }

    public func send(_ message: MateMessage) async {
        let peer = state.withLock { state -> FakeMateLink? in
            guard state.goodbye == nil else { return nil }
            state.sent.append(message)
            return state.peer
        }
        peer?.push(.message(message))
    }

    public func close(_ goodbye: MateGoodbye) async {
        let peer = state.withLock { state -> FakeMateLink? in
            guard state.goodbye == nil else { return nil }
            state.goodbye = goodbye
            return state.peer
        }
        continuation.finish()
        peer?.push(.lost(reason: goodbye.reason, detail: goodbye.message))
    }
}
