import MateRunDomain
import Synchronization

/// The last few fixes a live sensor delivered, for whoever keeps the run: a keeper asks for the
/// latest fix at or before a moment of the run, and gets the one the tracker had then.
///
/// A ring of `capacity` fixes, so that a run of any length holds a bounded amount; each fix has
/// a number that grows by one per fix, so a keeper can tell a new fix from one already kept.
package final class RecentFixes: Sendable {
    package static let capacity = 16
    private let ring = Mutex(Ring())

    private struct Ring {
        var fixes: [(number: Int, sample: LocationSample)] = []
        var delivered = 0
    }

    package init() {}

    func append(_ sample: LocationSample) {
        ring.withLock { ring in
            ring.delivered += 1
            ring.fixes.append((ring.delivered, sample))
            if ring.fixes.count > Self.capacity { ring.fixes.removeFirst() }
        }
    }

    /// The latest fix delivered whose time is at or before `time`, and its number (1 for the
    /// first fix of the run); nil when there is none.
    package func latest(atOrBefore time: Double) -> (number: Int, sample: LocationSample)? {
        ring.withLock { ring in ring.fixes.last { $0.sample.time <= time } }
    }
}
