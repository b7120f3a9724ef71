/// The rule by which one of several contenders holds a lease kept in a key-value key, apart
/// from the bucket and the clock so that it is tested with made-up instants: the key names its
/// holder, the holder renews it (each renewal a new revision) before `term` passes, and a
/// contender may take it over once it has seen the same revision for `term` of its own clock —
/// no clocks of two machines are ever compared, only one machine's idea of how long a revision
/// has stood still.
package struct KeyValueLeaseClaim: Sendable {
    /// What a contender does next.
    package enum Step: Sendable, Equatable {
        /// Nobody holds it: create the key.
        case create
        /// It holds the lease: renew from this revision when due.
        case held(revision: UInt64)
        /// Another holds it and renews it: wait.
        case wait(holder: String)
        /// Another held it but its revision has stood still for `term`: take it over from this revision.
        case takeOver(revision: UInt64, from: String)
    }

    package let contender: String
    package let term: Duration
    /// The other holder's revision last seen, and when (by the contender's clock) it was first seen.
    private var watched: (revision: UInt64, since: Duration)?

    package init(contender: String, term: Duration) {
        self.contender = contender
        self.term = term
    }

    /// The step after reading the key (`nil` when it holds nothing) at `now`, a reading of the
    /// contender's monotonic clock.
    package mutating func step(after entry: KeyValueEntry?, at now: Duration) -> Step {
        guard let entry else {
            watched = nil
            return .create
        }
        let holder = String(decoding: entry.value, as: UTF8.self)
        if holder == contender {
            watched = nil
            return .held(revision: entry.revision)
        }
        guard let seen = watched, seen.revision == entry.revision else {
            watched = (entry.revision, now)
            return .wait(holder: holder)
        }
        return now - seen.since >= term ? .takeOver(revision: entry.revision, from: holder) : .wait(holder: holder)
    }
}
