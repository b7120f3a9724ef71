import Foundation
import MateRunJSON

/// One revision of a key: its value and the stream sequence it was stored at (its revision),
/// or the marker a delete or purge left.
package struct KeyValueEntry: Sendable, Equatable {
    /// What the revision did to the key.
    package enum Operation: String, Sendable {
        case put = "PUT"
        case delete = "DEL"
        case purge = "PURGE"
    }

    package var key: String
    package var value: [UInt8]
    package var revision: UInt64
    package var operation: Operation

    package init(key: String, value: [UInt8], revision: UInt64, operation: Operation = .put) {
        self.key = key
        self.value = value
        self.revision = revision
        self.operation = operation
    }

    /// The header that marks a delete or purge (`KV-Operation: DEL|PURGE`); a put has none.
    static let operationHeader = "KV-Operation"

    /// Reads the answer to a direct get (`$JS.API.DIRECT.GET.<stream>.<subject>`): the stored
    /// message, with `Nats-Subject` and `Nats-Sequence` headers; nil for `404` (no message on
    /// that subject). Throws for another status or missing headers.
    package static func fromDirectGet(_ reply: NATSMessage, bucket: String) throws(JetStreamError) -> KeyValueEntry? {
        guard let headers = reply.headers else { throw .badReply("a direct get answered without headers") }
        if let status = headers.status {
            if status == 404 { return nil }
            throw .api(JetStreamAPIError(code: status, errorCode: 0, detail: headers.statusDescription.isEmpty ? "status \(status)" : headers.statusDescription))
        }
        let prefix = KeyValueNames.subjectPrefix(bucket)
        guard let subject = headers["Nats-Subject"], subject.hasPrefix(prefix), subject.count > prefix.count else {
            throw .badReply("a direct get answered without a Nats-Subject of bucket \(bucket)")
        }
        guard let sequence = headers["Nats-Sequence"].flatMap({ UInt64($0) }), sequence > 0 else {
            throw .badReply("a direct get answered without a Nats-Sequence")
        }
        let operation: Operation
        if let marker = headers[operationHeader] {
            guard let known = Operation(rawValue: marker) else { throw .badReply("unknown \(operationHeader): \(marker.prefix(20))") }
            operation = known
        } else {
            operation = .put
        }
        return KeyValueEntry(key: String(subject.dropFirst(prefix.count)), value: reply.payload, revision: sequence, operation: operation)
    }

    /// Reads the answer to `$JS.API.STREAM.MSG.GET` for a key's last message (the leader's
    /// answer, where a replica does not answer a direct get): nil when the key has no message.
    package static func fromMessageGet(_ payload: [UInt8], bucket: String) throws(JetStreamError) -> KeyValueEntry? {
        let message: JSONField
        do {
            message = try JetStreamReply.object(payload)["message"]
        } catch .api(let error) where error.errorCode == JetStreamAPIError.noMessageFound {
            return nil
        }
        let prefix = KeyValueNames.subjectPrefix(bucket)
        guard let subject = message["subject"].stringValue, subject.hasPrefix(prefix), subject.count > prefix.count,
            let sequence = message["seq"].integerValue, sequence > 0
        else { throw .badReply("a message get answered without the subject and seq of a key of bucket \(bucket)") }
        let data = message["data"].stringValue.map { Data(base64Encoded: $0) }
        let headers = message["hdrs"].stringValue.map { Data(base64Encoded: $0) }
        guard data != .some(nil), headers != .some(nil) else { throw .badReply("a message get answered with data that is not base64") }
        var operation = Operation.put
        let headerText = String(decoding: headers??.map { $0 } ?? [], as: UTF8.self)
        for line in headerText.split(separator: "\r\n") where line.hasPrefix(operationHeader + ":") {
            let marker = line.dropFirst(operationHeader.count + 1).trimmingCharacters(in: .whitespaces)
            guard let known = Operation(rawValue: marker) else { throw .badReply("unknown \(operationHeader): \(marker.prefix(20))") }
            operation = known
        }
        return KeyValueEntry(
            key: String(subject.dropFirst(prefix.count)), value: data??.map { $0 } ?? [], revision: UInt64(sequence), operation: operation)
    }
}
