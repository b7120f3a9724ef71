import Foundation
import MateRunCrypto
import MateRunDomain
import MateRunNATS
import Synchronization

/// One instance of the group service (`materun serve`): any number of them, on any machines,
/// coordinate groups together through one NATS server or cluster with JetStream. A creator's
/// request reaches one instance (a queue group); the group's record and state live in a
/// key-value bucket, and one instance holds each group through a lease (`GroupHolding`). Every
/// instance looks over the bucket twice a second and takes up a group whose lease has stood still
/// for its term, so a group outlives the instance that held it. PROTOCOL.md section 11.10.
package final class GroupService: Sendable {
    package struct Configuration: Sendable {
        /// The secret every instance shares: each group's key is derived from it.
        package var secret: [UInt8]
        /// This instance's name among them: unique, letters, digits, `-` and `_`.
        package var instance: String
        package var keepResultsDays: Int = GroupResultStore.defaultDays
        /// How long a holder's lease may stand still before another instance takes its group.
        package var leaseTerm: Duration = .seconds(3)
        /// How often the bucket is looked over for groups to take up.
        package var scanEvery: Duration = .milliseconds(500)
        /// What each group's coordinator lets in (`GroupCoordinator`).
        package var limits = GroupLimits()
        /// Where the instance's counts and timings go (`materun serve --metrics`); nil counts nothing.
        package var observations: GroupServiceObservations?

        package init(secret: [UInt8], instance: String) {
            self.secret = secret
            self.instance = instance
        }
    }

    /// The most runners a served group takes: its state, every runner's signed join and report,
    /// must fit one NATS message (1 MB by default) for another instance to take it over.
    package static let maxRunners = 1_000
    /// Groups one instance creates: 10 at once, then one a second.
    package static let createRate = GroupRateLimit(burst: 10, perSecond: 1)

    private struct Held: Sendable {
        var holdings: [String: (holding: GroupHolding, task: Task<Void, Never>)] = [:]
        /// Groups this instance will not hold, with why (logged once).
        var refused: Set<String> = []
        var created = 0
        var createErrors = 0
        var takenOver = 0
        var judgedByEnded = 0
        var stopping = false
    }

    private let client: NATSClient
    private let store: KeyValueStore
    private let configuration: Configuration
    private let now: @Sendable () -> Double
    private let log: @Sendable (GroupServiceLogEntry) -> Void
    private let held = Mutex(Held())

    /// Makes the groups' bucket when it is missing (3 replicas on a cluster of three or more).
    /// `now` is Unix seconds: the times a group's state keeps (its start) are read by whichever
    /// instance takes it over, on any machine.
    package static func start(
        client: NATSClient, configuration: Configuration, now: @escaping @Sendable () -> Double, log: @escaping @Sendable (GroupServiceLogEntry) -> Void
    ) async throws(JetStreamError) -> GroupService {
        var config = KeyValueBucketConfig(bucket: GroupServiceNames.bucket)
        config.replicas = KeyValueBucketConfig.replicas(onClusterOf: client)
        config.description = "materun groups being run: each one's record, state and lease"
        let store = try await ensure(config, on: client, log: log)
        return GroupService(client: client, store: store, configuration: configuration, now: now, log: log)
    }

    /// The groups' bucket, asked for again while the cluster's JetStream does not answer in
    /// time (it may still be electing its leaders, or be busy making the same bucket for another
    /// instance starting at the same moment), for up to two minutes, saying so each time.
    private static func ensure(
        _ config: KeyValueBucketConfig, on client: NATSClient, log: @Sendable (GroupServiceLogEntry) -> Void
    ) async throws(JetStreamError) -> KeyValueStore {
        let giveUpAt = ContinuousClock.now + .seconds(120)
        var wait = Duration.seconds(1)
        while true {
            do {
                return try await KeyValueStore.ensure(config, on: client, timeout: .seconds(5))
            } catch .timedOut(let what) where ContinuousClock.now + wait < giveUpAt {
                log(.init(.warning, "jetstream_slow", fields: ["waiting": "\(what)", "retry_in": "\(wait)"], "JetStream did not answer in time (\(what)); asking again in \(wait)"))
                try? await Task.sleep(for: wait)
                wait = min(wait * 2, .seconds(10))
            }
        }
    }

    private init(
        client: NATSClient, store: KeyValueStore, configuration: Configuration, now: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (GroupServiceLogEntry) -> Void
    ) {
        self.client = client
        self.store = store
        self.configuration = configuration
        self.now = now
        self.log = log
    }

    /// What the service says of itself to `$SRV.INFO`.
    package var description: NATSServiceDescription {
        NATSServiceDescription(
            name: GroupServiceNames.serviceName, id: configuration.instance, version: MateRunVersion.number,
            description: "materun group runs: coordinates groups whose state outlives any one instance",
            endpoints: [.init(name: "create", subject: GroupServiceNames.createSubject, queueGroup: GroupServiceNames.queue)])
    }

    /// The numbers `$SRV.STATS` gives: requests to create, and groups held and messages judged.
    package var stats: [NATSServiceEndpointStats] {
        let (held, created, errors, takenOver, judgedBefore) = self.held.withLock {
            (Array($0.holdings.values.map(\.holding)), $0.created, $0.createErrors, $0.takenOver, $0.judgedByEnded)
        }
        let judged = judgedBefore + held.reduce(0) { $0 + $1.coordinator.judged }
        return [NATSServiceEndpointStats(
            name: "create", requests: created + errors, errors: errors,
            data: ["groups_held": held.count, "groups_taken_over": takenOver, "messages_judged": judged])]
    }

    /// The groups this instance holds now.
    package var holding: [String] { held.withLock { Array($0.holdings.keys).sorted() } }

    /// The groups held now and the runners in them; since the start, the groups taken over,
    /// created, and the requests to create one that were refused.
    package var gauges: (groups: Int, runners: Int, takenOver: Int, created: Int, createsRefused: Int) {
        held.withLock { held in
            (
                held.holdings.count, held.holdings.values.reduce(0) { $0 + $1.holding.coordinator.runners }, held.takenOver, held.created,
                held.createErrors
            )
        }
    }

    /// Answers creators and takes up groups until cancelled; then hands every group over.
    package func run() async throws(NATSError) {
        let creates = try client.subscribe(GroupServiceNames.createSubject, queue: GroupServiceNames.queue)
        try await client.flush()
        log(.init(.info, "serving", fields: ["kept_days": "\(configuration.keepResultsDays)"], "serving groups as \(configuration.instance); results kept \(configuration.keepResultsDays) days"))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.answer(creates) }
            group.addTask { await self.lookOver() }
            await group.waitForAll()
        }
        creates.unsubscribe()
        await handOverAll()
    }

    // MARK: Creating a group

    /// Requests to create a group, beyond `createRate`, are refused unread: a stranger flooding
    /// the subject makes a few groups a second at most, and each one nobody joins ends after
    /// `GroupRaceRules.abandonedAfter`.
    private func answer(_ creates: NATSSubscription) async {
        var rate = Self.createRate
        for await message in creates.messages {
            guard let replyTo = message.replyTo else { continue }
            guard rate.allows(now: now()) else {
                try? client.publish(replyTo, payload: refuse("too many requests to create a group: try again in a few seconds").payload)
                continue
            }
            let answer = await create(message.payload)
            try? client.publish(replyTo, payload: answer.payload, headers: answer.headers)
        }
    }

    /// A new group for a creator's request: its record, its state, its lease, its coordinator, and
    /// the answer signed by its key. A request that does not read is refused with the reason.
    private func create(_ payload: [UInt8]) async -> (payload: [UInt8], headers: NATSHeaders?) {
        guard let request = GroupServiceWire.createRequest(payload) else {
            return refuse("the request could not be read (PROTOCOL.md section 11.10)")
        }
        guard request.terms.maxRunners <= Self.maxRunners else {
            return refuse("a group service takes groups of up to \(Self.maxRunners) runners (this one asks for \(request.terms.maxRunners))")
        }
        guard GroupServiceWire.Record(nonce: "", terms: request.terms, joinKey: request.joinKey, starterKey: request.starterKey).keys != nil
        else { return refuse("the join key or the starter key is not an Ed25519 public key in base64url") }
        do {
            let nonce = try GroupServiceKey.newNonce()
            let signer = try GroupServiceKey.signer(secret: configuration.secret, nonce: nonce)
            let watch = try GroupCodes.fingerprint(of: signer.publicKey)
            let record = GroupServiceWire.Record(nonce: nonce, terms: request.terms, joinKey: request.joinKey, starterKey: request.starterKey)
            var lease = try KeyValueLease(
                store: store, key: GroupServiceNames.leaseKey(watch), contender: configuration.instance, term: configuration.leaseTerm)
            guard try await lease.refresh() else { return refuse("the new group's lease was taken (try again)") }
            _ = try await store.create(
                watch, GroupServiceWire.envelope(GroupServiceWire.record(record), context: GroupServiceNames.recordContext(watch), signer: signer))
            guard let group = GroupHolding.Group(watch: watch, record: record, signer: signer, resuming: nil) else {
                return refuse("the join key or the starter key is not an Ed25519 public key in base64url")
            }
            guard try await hold(group, lease: lease) else { return refuse("this instance is stopping (try again)") }
            let answer = GroupServiceWire.created(watch: watch, joinKey: request.joinKey)
            held.withLock { $0.created += 1 }
            log(.init(.info, "group_created", group: watch, fields: ["mode": request.terms.mode.rawValue, "goal_metres": "\(Int(request.terms.goalMetres))"], "created group \(watch) (\(request.terms.mode.rawValue), \(Int(request.terms.goalMetres)) m)"))
            return (answer, try signer.headers(subject: GroupServiceNames.createSubject, payload: answer, withKey: true))
        } catch {
            log(.init(.error, "create_failed", fields: ["error": "\(error)"], "a request to create a group failed: \(error)"))
            return refuse("the service could not create the group: \(error)")
        }
    }

    private func refuse(_ reason: String) -> (payload: [UInt8], headers: NATSHeaders?) {
        held.withLock { $0.createErrors += 1 }
        return (GroupServiceWire.refused(reason), nil)
    }

    // MARK: Holding groups

    /// Opens `group` and holds it in a task of its own; false when the instance is stopping.
    private func hold(_ group: GroupHolding.Group, lease: KeyValueLease) async throws(NATSError) -> Bool {
        let holding = try await GroupHolding.open(
            group, lease: lease, store: store, limits: configuration.limits, keepResultsDays: configuration.keepResultsDays,
            observations: configuration.observations, now: now, log: log)
        return held.withLock { held in
            guard !held.stopping else { return false }
            let task = Task {
                let ending = await holding.run()
                self.held.withLock { held in
                    held.holdings[group.watch] = nil
                    held.judgedByEnded += holding.coordinator.judged
                    if ending == .concluded { held.refused.insert(group.watch) }
                }
            }
            held.holdings[group.watch] = (holding, task)
            return true
        }
    }

    /// Twice a second: every group in the bucket that nobody renews is taken up.
    private func lookOver() async {
        var contenders: [String: KeyValueLease] = [:]
        while !Task.isCancelled {
            if let groups = try? await store.keys(matching: "*") {
                contenders = contenders.filter { groups.contains($0.key) }
                for watch in groups where !Task.isCancelled {
                    let skip = held.withLock { $0.holdings[watch] != nil || $0.refused.contains(watch) }
                    if skip { continue }
                    await contend(for: watch, contenders: &contenders)
                }
            }
            try? await Task.sleep(for: configuration.scanEvery)
        }
    }

    private func contend(for watch: String, contenders: inout [String: KeyValueLease]) async {
        guard var lease = contenders[watch]
            ?? (try? KeyValueLease(
                store: store, key: GroupServiceNames.leaseKey(watch), contender: configuration.instance, term: configuration.leaseTerm))
        else { return }
        guard (try? await lease.refresh()) == true else {
            contenders[watch] = lease
            return
        }
        contenders[watch] = nil
        await takeUp(watch, lease: lease)
    }

    /// Goes on with a group whose lease this instance just took: its record and state are read
    /// and checked (signed by the group's key, which this instance's secret must derive; every
    /// runner's words signed by the runner), and its coordinator resumes.
    private func takeUp(_ watch: String, lease: KeyValueLease) async {
        var lease = lease
        do {
            guard let recordEntry = try await store.get(watch),
                let recordBytes = GroupServiceWire.opened(recordEntry.value, context: GroupServiceNames.recordContext(watch), watch: watch),
                let record = GroupServiceWire.record(recordBytes)
            else { return await refuseToHold(watch, lease: &lease, why: "its record is not signed by the group's key") }
            let signer = try GroupServiceKey.signer(secret: configuration.secret, nonce: record.nonce)
            guard try GroupCodes.fingerprint(of: signer.publicKey) == watch else {
                return await refuseToHold(watch, lease: &lease, why: "its key is not derived from this instance's secret (give every instance the same secret)")
            }
            guard let keys = record.keys else { return await refuseToHold(watch, lease: &lease, why: "its record holds no keys") }
            var resuming: (state: GroupHeldState, revision: UInt64)?
            if let stateEntry = try await store.get(GroupServiceNames.stateKey(watch)) {
                guard let bytes = GroupServiceWire.opened(stateEntry.value, context: GroupServiceNames.stateContext(watch), watch: watch),
                    let state = GroupHeldState.decoded(bytes, watch: watch, joinKey: keys.join, terms: record.terms)
                else { return await refuseToHold(watch, lease: &lease, why: "its state does not check (not signed by the group's key, or a runner's words altered)") }
                resuming = (state, stateEntry.revision)
            }
            guard let group = GroupHolding.Group(watch: watch, record: record, signer: signer, resuming: resuming),
                try await hold(group, lease: lease)
            else {
                try? await lease.release()
                return
            }
            held.withLock { $0.takenOver += 1 }
            let runners = resuming?.state.race.runners.count ?? 0
            let phase = resuming?.state.race.phase.rawValue ?? "gathering"
            log(.init(.info, "group_taken_over", group: watch, fields: ["phase": phase, "runners": "\(runners)"], "took up group \(watch): \(phase), \(runners) runner\(runners == 1 ? "" : "s")"))
        } catch {
            log(.init(.error, "take_over_failed", group: watch, fields: ["error": "\(error)"], "could not take up group \(watch): \(error)"))
            try? await lease.release()
        }
    }

    /// Gives up a group this instance cannot hold, for good: an instance that can takes it at once.
    private func refuseToHold(_ watch: String, lease: inout KeyValueLease, why: String) async {
        held.withLock { _ = $0.refused.insert(watch) }
        try? await lease.release()
        log(.init(.warning, "group_refused", group: watch, fields: ["why": why], "will not hold group \(watch): \(why)"))
    }

    /// Stops taking groups and hands each held one over (state written, lease given up).
    private func handOverAll() async {
        let tasks = held.withLock { held in
            held.stopping = true
            return held.holdings.values.map(\.task)
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        log(.init(.info, "stopped", fields: ["handed_over": "\(tasks.count)"], "stopped: \(tasks.count) group\(tasks.count == 1 ? "" : "s") handed over"))
    }
}
