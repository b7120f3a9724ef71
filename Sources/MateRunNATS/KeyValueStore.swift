import MateRunJSON

/// A JetStream key-value bucket reached through a `NATSClient`: values by key, each write a
/// new revision (the stream sequence it was stored at), and writes conditional on the revision
/// a caller last read, so that two writers never silently overwrite each other. It exists so
/// that state can outlive any one process: on a cluster, a bucket with 3 replicas survives the
/// loss of a node.
///
/// Reads are direct gets, answered by any replica; a replica may lag the leader by a moment,
/// so a caller that must not act on an old value writes with `update(…, expectedRevision:)`,
/// which the stream's leader checks.
package struct KeyValueStore: Sendable {
    package let client: NATSClient
    package let bucket: String
    /// How long each request to the server may take.
    package var timeout: Duration

    /// A handle on a bucket that exists (no request is made: the first call finds out).
    package init(bucket: String, client: NATSClient, timeout: Duration = .seconds(5)) throws(JetStreamError) {
        try KeyValueNames.validateBucket(bucket)
        self.bucket = bucket
        self.client = client
        self.timeout = timeout
    }

    /// Makes the bucket of `config`, or brings an existing one to `config` (creating a bucket
    /// that is there already is fine, and so is another process creating it at the same
    /// moment), and returns a handle on it.
    package static func ensure(
        _ config: KeyValueBucketConfig, on client: NATSClient, timeout: Duration = .seconds(5)
    ) async throws(JetStreamError) -> KeyValueStore {
        try config.validate()
        let store = try KeyValueStore(bucket: config.bucket, client: client, timeout: timeout)
        let body = Array(config.streamConfig.jsonText.utf8)
        do {
            _ = try JetStreamReply.object(try await store.request(KeyValueRequests.createStream(config.streamName), body))
        } catch .api(let error)
            where error.errorCode == JetStreamAPIError.streamNameInUse || error.errorCode == JetStreamAPIError.subjectsOverlap
        {
            _ = try JetStreamReply.object(try await store.request(KeyValueRequests.updateStream(config.streamName), body))
        }
        return store
    }

    /// The key's value and revision; nil when it has none, or was deleted or purged.
    package func get(_ key: String) async throws(JetStreamError) -> KeyValueEntry? {
        guard let entry = try await lastEntry(key), entry.operation == .put else { return nil }
        return entry
    }

    /// Stores `value` whatever the key holds; returns its revision.
    @discardableResult
    package func put(_ key: String, _ value: [UInt8]) async throws(JetStreamError) -> UInt64 {
        try await write(key, value, .put, expectedRevision: nil)
    }

    /// Stores `value` only when the key has none (never written, deleted or purged); throws
    /// `keyExists` otherwise. Returns its revision.
    @discardableResult
    package func create(_ key: String, _ value: [UInt8]) async throws(JetStreamError) -> UInt64 {
        do {
            return try await write(key, value, .put, expectedRevision: 0)
        } catch .wrongLastRevision {
            // The key has a last message: a value, or the marker of a delete, after which the
            // key counts as absent and is written over that marker's revision.
            guard let last = try await lastEntry(key) else { throw .wrongLastRevision(key: key, expected: 0) }
            guard last.operation != .put else { throw .keyExists(key: key, revision: last.revision) }
            do {
                return try await write(key, value, .put, expectedRevision: last.revision)
            } catch .wrongLastRevision {
                let now = try await lastEntry(key)
                throw .keyExists(key: key, revision: now?.revision ?? last.revision)
            }
        }
    }

    /// Stores `value` only when the key is still at `expectedRevision`; throws
    /// `wrongLastRevision` when someone else wrote it since. Returns the new revision.
    @discardableResult
    package func update(_ key: String, _ value: [UInt8], expectedRevision: UInt64) async throws(JetStreamError) -> UInt64 {
        try await write(key, value, .put, expectedRevision: expectedRevision)
    }

    /// Deletes the key (a marker revision; earlier ones stay within the history), only when it
    /// is still at `expectedRevision` when given.
    package func delete(_ key: String, expectedRevision: UInt64? = nil) async throws(JetStreamError) {
        _ = try await write(key, [], .delete, expectedRevision: expectedRevision)
    }

    /// Deletes the key and every earlier revision of it, leaving one marker.
    package func purge(_ key: String) async throws(JetStreamError) {
        _ = try await write(key, [], .purge, expectedRevision: nil)
    }

    /// The keys that hold a value, matching `filter` (a key, or tokens ending in `*` or `>`:
    /// `group.>`), sorted. One stream-info request a thousand keys, and one read a key to
    /// leave out the deleted: for buckets of hundreds of keys, not millions.
    package func keys(matching filter: String = ">") async throws(JetStreamError) -> [String] {
        try KeyValueNames.validateFilter(filter)
        var keys: [String] = []
        var total = Int.max
        while keys.count < total {
            let page = try KeyValueRequests.subjectsPage(
                try await request(
                    KeyValueRequests.streamInfo(streamName),
                    KeyValueRequests.subjectsRequest(bucket: bucket, filter: filter, offset: keys.count)),
                bucket: bucket)
            keys += page.keys
            total = page.total
            if page.keys.isEmpty { break }
        }
        var held: [String] = []
        for key in keys where try await get(key) != nil {
            held.append(key)
        }
        return held.sorted()
    }

    /// The key's last message, a delete or purge marker included. A direct get that nobody
    /// answers in time (a replica still catching up after its node restarted) is asked again of
    /// the stream's leader.
    private func lastEntry(_ key: String) async throws(JetStreamError) -> KeyValueEntry? {
        try KeyValueNames.validateKey(key)
        do {
            let reply = try await exchange(KeyValueRequests.directGet(bucket: bucket, key: key), [], headers: nil)
            return try KeyValueEntry.fromDirectGet(reply, bucket: bucket)
        } catch .timedOut {
            let reply = try await request(KeyValueRequests.messageGet(streamName), KeyValueRequests.lastMessageRequest(bucket: bucket, key: key))
            return try KeyValueEntry.fromMessageGet(reply, bucket: bucket)
        }
    }

    /// Publishes a revision of `key` and waits for the stream's acknowledgement.
    ///
    /// A conditional write names the stream's last sequence too, read just before: nats-server
    /// before 2.9.21 checks a key's revision against what its replicated stream has applied, not
    /// what it has accepted, so two writers racing from the same revision could both be taken
    /// (nats-server #4320; seen in 16 of 20 races on a 3-node 2.9.10 cluster), while the
    /// stream-wide check counts every accepted write (0 of 20). When the stream moved on through
    /// another key, the write is tried again from the stream's new last sequence. (An empty
    /// stream has no last sequence to name: the very first writes to a new bucket rely on the
    /// key's check alone.)
    private func write(
        _ key: String, _ value: [UInt8], _ operation: KeyValueEntry.Operation, expectedRevision: UInt64?
    ) async throws(JetStreamError) -> UInt64 {
        try KeyValueNames.validateKey(key)
        let subject = KeyValueRequests.keySubject(bucket: bucket, key: key)
        guard let expectedRevision else {
            let headers = KeyValueRequests.writeHeaders(operation, expectedRevision: nil)
            return try JetStreamReply.acknowledgedSequence(try await exchange(subject, value, headers: headers).payload)
        }
        for _ in 0..<Self.conditionalAttempts {
            let streamLast = try KeyValueRequests.streamLastSequence(try await request(KeyValueRequests.streamInfo(streamName), []))
            let headers = KeyValueRequests.writeHeaders(
                operation, expectedRevision: expectedRevision, expectedStreamSequence: streamLast > 0 ? streamLast : nil)
            let reply = try await exchange(subject, value, headers: headers)
            do {
                return try JetStreamReply.acknowledgedSequence(reply.payload)
            } catch .api(let error) where error.errorCode == JetStreamAPIError.wrongLastSequence {
                let revision = try KeyValueRequests.messageSequence(
                    try await request(KeyValueRequests.messageGet(streamName), KeyValueRequests.lastMessageRequest(bucket: bucket, key: key)))
                guard revision == expectedRevision else { throw .wrongLastRevision(key: key, expected: expectedRevision) }
            }
        }
        throw .wrongLastRevision(key: key, expected: expectedRevision)
    }

    /// Conditional writes tried before giving up while other keys keep the stream moving.
    static let conditionalAttempts = 20

    private var streamName: String { "KV_\(bucket)" }

    /// A JetStream API request's reply payload.
    private func request(_ subject: String, _ body: [UInt8]) async throws(JetStreamError) -> [UInt8] {
        try await exchange(subject, body, headers: nil).payload
    }

    /// One request and its reply, the client's errors in JetStream's words: nobody answering
    /// the API means JetStream is off.
    private func exchange(_ subject: String, _ payload: [UInt8], headers: NATSHeaders?) async throws(JetStreamError) -> NATSMessage {
        do {
            return try await client.request(subject, payload: payload, headers: headers, timeout: timeout)
        } catch .noResponders(let subject) {
            throw subject.hasPrefix("$JS.API.STREAM.") ? .notEnabled : .noResponders(subject: subject)
        } catch .timedOut(let what) {
            throw .timedOut(what)
        } catch {
            throw .nats(error)
        }
    }
}
