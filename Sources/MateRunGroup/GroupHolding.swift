import MateRunCrypto
import MateRunDomain
import MateRunNATS
import Synchronization

/// One group held by one instance of the group service, from the moment it holds the group's
/// lease to the result, the loss of the lease, or a hand-over: the group's coordinator, the lease
/// renewed a third of a term apart, and the coordinator's state written after each decision and
/// each second, each write conditional on the last, so that an instance that lost the group can
/// no longer write it.
package final class GroupHolding: Sendable {
    /// How a holding ended.
    package enum Ending: Sendable, Equatable {
        /// The group is over: its result is kept, its record gone.
        case concluded
        /// Another instance holds it now (this one could not renew in time, or its state was
        /// written by another): this instance stopped speaking for it.
        case lost(String)
        /// Handed over (the instance stops): the state is written and the lease given up.
        case handedOver
    }

    /// What a holding is made of.
    package struct Group: Sendable {
        package var watch: String
        package var record: GroupServiceWire.Record
        package var joinKey: Ed25519PublicKey
        package var starterKey: Ed25519PublicKey
        package var signer: GroupSigner
        /// The state to go on from, and its key's revision; nil for a new group.
        package var resuming: (state: GroupHeldState, revision: UInt64)?

        /// Nil when the record's keys are not keys.
        package init?(watch: String, record: GroupServiceWire.Record, signer: GroupSigner, resuming: (state: GroupHeldState, revision: UInt64)?) {
            guard let keys = record.keys else { return nil }
            self.watch = watch
            self.record = record
            joinKey = keys.join
            starterKey = keys.starter
            self.signer = signer
            self.resuming = resuming
        }
    }

    package let watch: String
    package let coordinator: GroupCoordinator
    private let signer: GroupSigner
    private let session: GroupCoordinator.GroupSession
    private let store: KeyValueStore
    private let lease: HeldLease
    /// The instance's counts: each renewal and how late it was.
    private let observations: GroupServiceObservations?
    private let keepResultsDays: Int
    private let log: @Sendable (GroupServiceLogEntry) -> Void
    private let states: AsyncStream<GroupHeldState>
    /// The state key's revision this holding wrote or read last.
    private let written: Mutex<UInt64?>
    /// The newest state the coordinator handed over, written or not: what a hand-over writes.
    private let newest: NewestState

    /// Opens `group` on the store's client: its subscriptions are in place when this returns.
    /// Its `seq`s start above any its earlier holder can have used: ten million past the kept
    /// state's, or this machine's wall clock in microseconds when that is higher.
    package static func open(
        _ group: Group, lease: KeyValueLease, store: KeyValueStore, limits: GroupLimits, keepResultsDays: Int,
        observations: GroupServiceObservations? = nil, now: @escaping @Sendable () -> Double, log: @escaping @Sendable (GroupServiceLogEntry) -> Void
    ) async throws(NATSError) -> GroupHolding {
        let (states, sink) = AsyncStream.makeStream(of: GroupHeldState.self, bufferingPolicy: .bufferingNewest(1))
        let newest = NewestState()
        let firstSeq = max((group.resuming?.state.seq ?? 0) + 10_000_000, Int(now() * 1_000_000))
        let coordinator = GroupCoordinator(
            client: store.client, signer: group.signer, codes: GroupCodes(watch: group.watch, secret: nil), joinKey: group.joinKey,
            terms: group.record.terms, limits: limits, starterKey: group.starterKey, resuming: group.resuming?.state, firstSeq: firstSeq,
            keeping: { state in
                newest.set(state)
                sink.yield(state)
            }, observations: observations, now: now)
        let session = try await coordinator.open()
        return GroupHolding(
            watch: group.watch, coordinator: coordinator, signer: group.signer, session: session, states: states, newest: newest, stateRevision: group.resuming?.revision,
            lease: lease, store: store, keepResultsDays: keepResultsDays, observations: observations, log: log)
    }

    private init(
        watch: String, coordinator: GroupCoordinator, signer: GroupSigner, session: GroupCoordinator.GroupSession,
        states: AsyncStream<GroupHeldState>, newest: NewestState, stateRevision: UInt64?, lease: KeyValueLease, store: KeyValueStore, keepResultsDays: Int,
        observations: GroupServiceObservations?, log: @escaping @Sendable (GroupServiceLogEntry) -> Void
    ) {
        self.observations = observations
        self.watch = watch
        self.coordinator = coordinator
        self.signer = signer
        self.session = session
        self.states = states
        self.store = store
        self.lease = HeldLease(lease)
        self.keepResultsDays = keepResultsDays
        self.log = log
        written = Mutex(stateRevision)
        self.newest = newest
    }

    /// Runs the group until it ends; a cancelled holding hands the group over.
    package func run() async -> Ending {
        let ending = await withTaskGroup(of: Ending?.self) { group in
            group.addTask { await self.coordinator.run(self.session) == nil ? nil : .concluded }
            group.addTask { await self.writeStates() }
            group.addTask { await self.renewLease() }
            var ending: Ending?
            while ending == nil, let next = await group.next() {
                ending = next
                if Task.isCancelled { break }
            }
            group.cancelAll()
            return Task.isCancelled ? .handedOver : ending ?? .handedOver
        }
        switch ending {
        case .concluded: await conclude()
        case .handedOver: await handOver()
        case .lost(let why): log(.init(.warning, "group_lost", group: watch, fields: ["why": why], "lost group \(watch): \(why)"))
        }
        return ending
    }

    /// Writes each newest state, conditional on the revision last written; ends as lost when
    /// another instance wrote since.
    private func writeStates() async -> Ending? {
        for await state in states {
            if let lost = await write(state) { return lost }
        }
        return nil
    }

    private func write(_ state: GroupHeldState) async -> Ending? {
        let key = GroupServiceNames.stateKey(watch)
        do {
            let value = try GroupServiceWire.envelope(state.encoded, context: GroupServiceNames.stateContext(watch), signer: signer)
            let revision: UInt64
            if let last = written.withLock({ $0 }) {
                revision = try await store.update(key, value, expectedRevision: last)
            } else {
                revision = try await store.create(key, value)
            }
            written.withLock { $0 = revision }
            return nil
        } catch let error as JetStreamError {
            switch error {
            case .wrongLastRevision, .keyExists: return .lost("its state was written by another instance")
            default:
                if !Task.isCancelled { log(.init(.warning, "state_not_written", group: watch, fields: ["error": "\(error)"], "group \(watch): its state was not written (\(error)); trying again with the next")) }
                return nil
            }
        } catch {
            log(.init(.error, "state_not_signed", group: watch, fields: ["error": "\(error)"], "group \(watch): its state could not be signed (\(error))"))
            return nil
        }
    }

    /// Renews the lease a third of a term apart; ends as lost once this instance no longer
    /// holds it (it could not renew within a term, or another took it).
    private func renewLease() async -> Ending? {
        while !Task.isCancelled {
            let due = ContinuousClock.now + lease.term / 3
            try? await Task.sleep(until: due)
            if Task.isCancelled { return nil }
            let renewed = await lease.renew()
            observations?.renewedLease(lateness: due.duration(to: .now).seconds, renewed: renewed)
            if !renewed { return .lost("its lease was not renewed within \(lease.term)") }
        }
        return nil
    }

    /// Keeps the result where `group results` finds it, then removes the group's record, state
    /// and lease so that no instance takes it up again.
    private func conclude() async {
        if let signed = coordinator.signedResult {
            do {
                try await GroupResultStore.keep(signed, watch: watch, client: store.client, days: keepResultsDays)
                log(.init(.info, "group_over", group: watch, fields: ["kept_days": "\(keepResultsDays)"], "group \(watch) is over: its result is kept for \(keepResultsDays) days"))
            } catch {
                log(.init(.error, "result_not_kept", group: watch, fields: ["error": "\(error)"], "group \(watch) is over, but its result was not kept: \(error)"))
            }
        }
        for key in [watch, GroupServiceNames.stateKey(watch), GroupServiceNames.leaseKey(watch)] {
            try? await store.purge(key)
        }
    }

    /// Writes the newest state and gives the lease up, so another instance takes the group at once.
    private func handOver() async {
        // The newest state given, which the writer may not have taken yet (a join just admitted).
        if let latest = newest.value, await write(latest) != nil { return }
        await lease.release()
        log(.init(.info, "group_handed_over", group: watch, "handed group \(watch) over"))
    }
}

/// The newest state a coordinator handed its holding, set from the coordinator's loop and read
/// by the hand-over.
final class NewestState: Sendable {
    private let state = Mutex<GroupHeldState?>(nil)

    func set(_ newest: GroupHeldState) {
        state.withLock { $0 = newest }
    }

    var value: GroupHeldState? { state.withLock { $0 } }
}

/// A group's lease, renewed by one task and given up by another.
actor HeldLease {
    private var lease: KeyValueLease
    nonisolated let term: Duration

    init(_ lease: KeyValueLease) {
        self.lease = lease
        term = lease.term
    }

    /// Whether this instance still holds the lease after renewing it.
    func renew() async -> Bool {
        var renewing = lease
        let renewed = (try? await renewing.refresh()) == true
        lease = renewing
        return renewed || lease.holds
    }

    func release() async {
        var releasing = lease
        try? await releasing.release()
        lease = releasing
    }
}
