import MateRunJSON

/// The subjects, headers and bodies of a key-value bucket's requests, and the reading of the
/// stream's key listing: the protocol apart from the connection, so that it is tested on bytes.
package enum KeyValueRequests {
    /// `Nats-Expected-Last-Subject-Sequence`: the server stores the message only when the
    /// subject's last message is at this sequence (0: when the subject has none).
    package static let expectedRevisionHeader = "Nats-Expected-Last-Subject-Sequence"
    /// `Nats-Expected-Last-Sequence`: the server stores the message only when the stream's last
    /// message is at this sequence.
    package static let expectedStreamSequenceHeader = "Nats-Expected-Last-Sequence"
    /// `Nats-Rollup: sub`: the message replaces every earlier one on its subject (a purge).
    package static let rollupHeader = "Nats-Rollup"

    package static func createStream(_ stream: String) -> String { "$JS.API.STREAM.CREATE.\(stream)" }
    package static func updateStream(_ stream: String) -> String { "$JS.API.STREAM.UPDATE.\(stream)" }
    package static func streamInfo(_ stream: String) -> String { "$JS.API.STREAM.INFO.\(stream)" }
    package static func messageGet(_ stream: String) -> String { "$JS.API.STREAM.MSG.GET.\(stream)" }

    /// The direct get of a key's last message, answered by any replica of a bucket that allows it.
    package static func directGet(bucket: String, key: String) -> String {
        "$JS.API.DIRECT.GET.KV_\(bucket).\(KeyValueNames.subjectPrefix(bucket))\(key)"
    }

    /// The subject a key's values are published on.
    package static func keySubject(bucket: String, key: String) -> String { KeyValueNames.subjectPrefix(bucket) + key }

    /// The headers of a write: the operation's marker for a delete or purge, the revision the
    /// key must be at for a conditional write (0: the key must be absent), and the sequence the
    /// whole stream must be at (see `KeyValueStore.write`).
    package static func writeHeaders(
        _ operation: KeyValueEntry.Operation, expectedRevision: UInt64?, expectedStreamSequence: UInt64? = nil
    ) -> NATSHeaders? {
        var fields: [(String, String)] = []
        switch operation {
        case .put: break
        case .delete: fields.append((KeyValueEntry.operationHeader, "DEL"))
        case .purge: fields += [(KeyValueEntry.operationHeader, "PURGE"), (rollupHeader, "sub")]
        }
        if let expectedRevision { fields.append((expectedRevisionHeader, String(expectedRevision))) }
        if let expectedStreamSequence { fields.append((expectedStreamSequenceHeader, String(expectedStreamSequence))) }
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

    /// The stream's last sequence, from `$JS.API.STREAM.INFO`'s reply.
    package static func streamLastSequence(_ payload: [UInt8]) throws(JetStreamError) -> UInt64 {
        guard let last = try JetStreamReply.object(payload)["state"]["last_seq"].integerValue, last >= 0 else {
            throw .badReply("a stream info without state.last_seq")
        }
        return UInt64(last)
    }

    /// `$JS.API.STREAM.MSG.GET`'s request for a key's last message (answered by the leader).
    package static func lastMessageRequest(bucket: String, key: String) -> [UInt8] {
        Array(JSON.object([("last_by_subj", .string(keySubject(bucket: bucket, key: key)))]).jsonText.utf8)
    }

    /// The sequence of the message in `$JS.API.STREAM.MSG.GET`'s reply; 0 when there is none.
    package static func messageSequence(_ payload: [UInt8]) throws(JetStreamError) -> UInt64 {
        let message: JSONField
        do {
            message = try JetStreamReply.object(payload)["message"]
        } catch .api(let error) where error.errorCode == JetStreamAPIError.noMessageFound {
            return 0
        }
        guard let sequence = message["seq"].integerValue, sequence > 0 else { throw .badReply("a message without seq") }
        return UInt64(sequence)
    }
}
