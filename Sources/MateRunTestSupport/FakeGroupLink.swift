import MateRunDomain
import Synchronization

/// An in-memory `GroupLink`: the test plays the group (`push`) and reads what the runner sent.
package final class FakeGroupLink: GroupLink, Sendable {
    package let id: String
    package let terms: GroupTerms
    package let events: AsyncStream<GroupLinkEvent>
    private let continuation: AsyncStream<GroupLinkEvent>.Continuation
    private let state = Mutex((reports: [GroupReport](), left: false, closed: false))

    package init(id: String = "me", terms: GroupTerms) {
        self.id = id
        self.terms = terms
        (events, continuation) = AsyncStream.makeStream(of: GroupLinkEvent.self)
    }

    /// The group says `event` to the runner.
    package func push(_ event: GroupLinkEvent) {
        continuation.yield(event)
    }

    /// Every report the runner sent, in order.
    package var reports: [GroupReport] { state.withLock { $0.reports } }
    /// Whether the runner said goodbye.
    package var left: Bool { state.withLock { $0.left } }

    package func report(_ report: GroupReport) {
        state.withLock { $0.reports.append(report) }
    }

    package func leave() async {
        state.withLock { $0.left = true }
        close()
    }

    package func close() {
        state.withLock { $0.closed = true }
        continuation.finish()
    }
}
