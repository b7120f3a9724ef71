/// A lease kept in one key of a key-value bucket, held by one contender at a time (a service
/// instance holding a group, say): the holder renews it, and when the holder dies another
/// contender takes it over once the key's revision has stood still for the lease's term
/// (`KeyValueLeaseClaim`). Every write is conditional on the revision read, so two contenders
/// can never both believe they took it.
///
/// The owner calls `refresh()` several times a term (a third of it, say). A holder that could
/// not renew within its term must stop acting as the holder: `holds` says so.
package struct KeyValueLease: Sendable {
    package let store: KeyValueStore
    package let key: String
    private var claim: KeyValueLeaseClaim
    private let now: @Sendable () -> Duration
    /// The revision this contender wrote last while holding the lease, and when it did.
    package private(set) var held: (revision: UInt64, renewedAt: Duration)?

    /// `now` reads a monotonic clock (the default: this process's `ContinuousClock`).
    package init(
        store: KeyValueStore, key: String, contender: String, term: Duration,
        now: @escaping @Sendable () -> Duration = KeyValueLease.monotonicNow
    ) throws(JetStreamError) {
        try KeyValueNames.validateKey(key)
        guard !contender.isEmpty else { throw .invalidName("a lease's contender needs a name") }
        self.store = store
        self.key = key
        claim = KeyValueLeaseClaim(contender: contender, term: term)
        self.now = now
    }

    /// Time since this process's first lease, by its continuous clock.
    package static func monotonicNow() -> Duration { ContinuousClock.now - origin }
    private static let origin = ContinuousClock.now

    /// How long a revision may stand still before another contender takes the lease over.
    package var term: Duration { claim.term }

    /// Whether this contender holds the lease now: it renewed it less than a term ago.
    package var holds: Bool {
        guard let held else { return false }
        return now() - held.renewedAt < claim.term
    }

    /// One round: reads the key, then creates, renews or takes over the lease, or waits.
    /// Returns whether this contender holds it now. A write someone else won is no error: the
    /// lease is simply not held.
    @discardableResult
    package mutating func refresh() async throws(JetStreamError) -> Bool {
        let mine = Array(claim.contender.utf8)
        let read = now()
        let written: UInt64?
        switch claim.step(after: try await store.get(key), at: read) {
        case .create:
            written = try await conditionally { () async throws(JetStreamError) -> UInt64 in try await store.create(key, mine) }
        case .held(let revision), .takeOver(let revision, _):
            written = try await conditionally { () async throws(JetStreamError) -> UInt64 in
                try await store.update(key, mine, expectedRevision: revision)
            }
        case .wait:
            written = nil
        }
        held = written.map { ($0, read) }
        return held != nil
    }

    /// Gives the lease up, so that another contender takes it at once instead of after a term.
    package mutating func release() async throws(JetStreamError) {
        guard let revision = held?.revision else { return }
        held = nil
        _ = try await conditionally { () async throws(JetStreamError) -> UInt64 in
            try await store.delete(key, expectedRevision: revision)
            return revision
        }
    }

    /// The revision `write` made; nil when another contender wrote first.
    private func conditionally(_ write: () async throws(JetStreamError) -> UInt64) async throws(JetStreamError) -> UInt64? {
        do {
            return try await write()
        } catch .wrongLastRevision, .keyExists {
            return nil
        }
    }
}
