import MateRunJSON

/// The subjects, headers and bodies of a key-value bucket's requests, and the reading of the
/// stream's key listing: the protocol apart from the connection, so that it is tested on bytes.
package enum KeyValueRequests {
    /// `Nats-Expected-Last-Subject-Sequence`: the server stores the message only when the
    /// subject's last message is at this sequence (0: when the subject has none).
    package static let expectedRevisionHeader = "Nats-Expected-Last-Subject-Sequence"
    /// `Nats-Rollup: sub`: the message replaces every earlier one on its subject (a purge).
    package static let rollupHeader = "Nats-Rollup"

    package static func createStream(_ stream: String) -> String { "$JS.API.STREAM.CREATE.\(stream)" }
    package static func updateStream(_ stream: String) -> String { "$JS.API.STREAM.UPDATE.\(stream)" }
    package static func streamInfo(_ stream: String) -> String { "$JS.API.STREAM.INFO.\(stream)" }

    /// The direct get of a key's last message, answered by any replica of a bucket that allows it.
    package static func directGet(bucket: String, key: String) -> String {
        "$JS.API.DIRECT.GET.KV_\(bucket).\(KeyValueNames.subjectPrefix(bucket))\(key)"
    }

    /// The subject a key's values are published on.
    package static func keySubject(bucket: String, key: String) -> String { KeyValueNames.subjectPrefix(bucket) + key }

    /// The headers of a write: the operation's marker for a delete or purge, and the revision
    /// the key must be at for a conditional write (0: the key must be absent).
    package static func writeHeaders(_ operation: KeyValueEntry.Operation, expectedRevision: UInt64?) -> NATSHeaders? {
        var fields: [(String, String)] = []
        switch operation {
        case .put: break
        case .delete: fields.append((KeyValueEntry.operationHeader, "DEL"))
        case .purge: fields += [(KeyValueEntry.operationHeader, "PURGE"), (rollupHeader, "sub")]
        }
        if let expectedRevision { fields.append((expectedRevisionHeader, String(expectedRevision))) }
        return fields.isEmpty ? nil : NATSHeaders(fields)
    }

    /// `$JS.API.STREAM.INFO`'s request for the subjects under `filter`, from the `offset`th.
    package static func subjectsRequest(bucket: String, filter: String, offset: Int) -> [UInt8] {
        let request = JSON.object([
            ("subjects_filter", .string(KeyValueNames.subjectPrefix(bucket) + filter)), ("offset", .integer(offset)),
        ])
        return Array(request.jsonText.utf8)
    }

    /// One page of the stream's subjects: the keys on it (in the order the server sent them) and
    /// how many there are in all.
    package static func subjectsPage(_ payload: [UInt8], bucket: String) throws(JetStreamError) -> (keys: [String], total: Int) {
        let info = try JetStreamReply.object(payload)
        let prefix = KeyValueNames.subjectPrefix(bucket)
        let subjects = info["state"]["subjects"]
        let keys = subjects.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return (keys, info["total"].integerValue ?? keys.count)
    }
}
