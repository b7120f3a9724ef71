import Synchronization

/// What a group service's instance counts and times for its operator (`materun serve
/// --metrics`): reports judged, messages refused and why, lease renewals and how late each was,
/// and how long a runner's report waits for the standing that counts it. Shared by every group
/// the instance holds, so the counts only grow, whichever groups come and go.
package final class GroupServiceObservations: Sendable {
    /// Why the coordinator's edge dropped a message: a small fixed set, so that a metric's
    /// label values stay few whatever a stranger sends.
    package enum Refusal: String, Sendable, CaseIterable {
        /// More than the group's limits allow (joins, `board.now`).
        case overRate = "over_rate"
        /// Not readable as the protocol says.
        case unreadable
        /// Not signed by the key it must be (a forgery, or altered).
        case badSignature = "bad_signature"
        /// A join whose proof of the join code does not check.
        case wrongCode = "wrong_code"
        /// A report from no runner the group admitted.
        case unknownRunner = "unknown_runner"
        /// A report no newer than its runner's last (a replay).
        case replayed
    }

    /// The upper bounds, in seconds, of the latency histograms' buckets.
    package static let latencyBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// A histogram's state: a count per bucket (not cumulative), their sum and count.
    package struct Histogram: Sendable, Equatable {
        package let bounds: [Double]
        /// One more than `bounds`: the last counts what is above every bound.
        package private(set) var counts: [Int]
        package private(set) var sum = 0.0
        package private(set) var count = 0

        package init(bounds: [Double]) {
            self.bounds = bounds
            counts = Array(repeating: 0, count: bounds.count + 1)
        }

        package mutating func observe(_ value: Double) {
            let index = bounds.firstIndex { value <= $0 } ?? bounds.count
            counts[index] += 1
            sum += value
            count += 1
        }
    }

    /// Everything counted so far, read at once.
    package struct Snapshot: Sendable, Equatable {
        package var reportsJudged = 0
        package var refused: [Refusal: Int] = [:]
        package var leaseRenewals = 0
        package var leaseRenewalsFailed = 0
        package var leaseLateness = Histogram(bounds: GroupServiceObservations.latencyBounds)
        package var reportToStanding = Histogram(bounds: GroupServiceObservations.latencyBounds)

        package init() {}
    }

    private let state = Mutex(Snapshot())

    package init() {}

    package var snapshot: Snapshot { state.withLock { $0 } }

    package func judgedReport() { state.withLock { $0.reportsJudged += 1 } }

    package func refused(_ why: Refusal) { state.withLock { $0.refused[why, default: 0] += 1 } }

    /// A renewal confirmed `lateness` seconds after it was due (0 when on time), or failed.
    package func renewedLease(lateness: Double, renewed: Bool) {
        state.withLock {
            if renewed { $0.leaseRenewals += 1 } else { $0.leaseRenewalsFailed += 1 }
            $0.leaseLateness.observe(max(0, lateness))
        }
    }

    /// Reports that waited `seconds` each for the standing that counted them.
    package func standingsPublished(waits seconds: [Double]) {
        guard !seconds.isEmpty else { return }
        state.withLock { for wait in seconds { $0.reportToStanding.observe(wait) } }
    }
}
