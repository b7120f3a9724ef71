import MateRunJSON

/// How a key-value bucket keeps its values: the stream `KV_<bucket>` on `$KV.<bucket>.>` that
/// holds it, configured as the official NATS clients configure one, so that `nats kv` and the
/// other clients read and write the same bucket.
package struct KeyValueBucketConfig: Sendable, Equatable {
    package enum Storage: String, Sendable {
        case file
        case memory
    }

    package var bucket: String
    /// Values kept per key, the newest included (1…64): the stream's `max_msgs_per_subject`.
    package var history: Int = 1
    /// How long a value is kept after it was written; nil for ever.
    package var maxAge: Duration?
    /// Copies of the bucket on the nodes of a cluster (1…5): 3 survives the loss of a node.
    package var replicas: Int = 1
    package var storage: Storage = .file
    /// The largest value, in bytes; nil for the server's limit.
    package var maxValueBytes: Int?
    /// The whole bucket's size limit, in bytes; nil for none.
    package var maxBucketBytes: Int?
    package var description: String = ""

    /// The window in which the server drops a repeated message id: two minutes, as the
    /// official clients choose, or the values' age when that is shorter.
    static let duplicateWindow = Duration.seconds(120)

    package init(bucket: String) {
        self.bucket = bucket
    }

    /// The replicas a bucket gets on the server `client` is connected to: 3 on a cluster of three
    /// nodes or more (it survives the loss of one), as many as its nodes on a smaller one, 1 on a
    /// lone server. Every writer of a bucket asks the same, so none scales it down.
    package static func replicas(onClusterOf client: NATSClient) -> Int {
        min(3, max(1, client.serverInfo.connectURLs.count))
    }

    /// The name of the stream that holds the bucket.
    package var streamName: String { "KV_\(bucket)" }

    /// Throws when a setting is out of range or the bucket's name cannot be a stream's.
    package func validate() throws(JetStreamError) {
        try KeyValueNames.validateBucket(bucket)
        guard (1...64).contains(history) else { throw .invalidName("history \(history) is not between 1 and 64") }
        guard (1...5).contains(replicas) else { throw .invalidName("replicas \(replicas) is not between 1 and 5") }
        if let maxAge, maxAge <= .zero { throw .invalidName("max age \(maxAge) is not positive") }
    }

    /// The stream configuration (`$JS.API.STREAM.CREATE`'s request).
    package var streamConfig: JSON {
        let ageNanoseconds = maxAge.map(Self.nanoseconds) ?? 0
        let window = maxAge.map { min($0, Self.duplicateWindow) } ?? Self.duplicateWindow
        var members: [(String, JSON)] = [("name", .string(streamName))]
        if !description.isEmpty { members.append(("description", .string(description))) }
        members += [
            ("subjects", .array([.string(KeyValueNames.subjectPrefix(bucket) + ">")])),
            ("retention", .string("limits")),
            ("max_consumers", .integer(-1)),
            ("max_msgs", .integer(-1)),
            ("max_bytes", .integer(maxBucketBytes ?? -1)),
            ("max_age", .integer(ageNanoseconds)),
            ("max_msgs_per_subject", .integer(history)),
            ("max_msg_size", .integer(maxValueBytes ?? -1)),
            ("storage", .string(storage.rawValue)),
            ("discard", .string("new")),
            ("num_replicas", .integer(replicas)),
            ("duplicate_window", .integer(Self.nanoseconds(window))),
            ("allow_rollup_hdrs", .bool(true)),
            ("deny_delete", .bool(true)),
            ("deny_purge", .bool(false)),
            ("allow_direct", .bool(true)),
            ("mirror_direct", .bool(false)),
        ]
        return .object(members)
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
