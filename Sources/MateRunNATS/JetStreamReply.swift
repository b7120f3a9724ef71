import MateRunJSON

/// Reads what the JetStream API answers, apart from any socket so that it is tested on bytes:
/// a JSON object, or one carrying an `error`; and a publish's acknowledgement (`PubAck`).
package enum JetStreamReply {
    /// The reply's JSON object; throws `JetStreamError` for an `error` member or unreadable bytes.
    package static func object(_ payload: [UInt8]) throws(JetStreamError) -> JSONField {
        let json: JSON
        do {
            json = try JSONParser.parse(payload)
        } catch {
            throw .badReply("\(error)")
        }
        guard json.objectValue != nil else { throw .badReply("not a JSON object") }
        let object = JSONField(json)
        guard object["error"].isMissing else { throw classified(apiError(object["error"])) }
        return object
    }

    /// The stream sequence a publish was stored at (the key's new revision): `{"stream":…,"seq":N}`.
    package static func acknowledgedSequence(_ payload: [UInt8]) throws(JetStreamError) -> UInt64 {
        let object = try Self.object(payload)
        guard let sequence = object["seq"].integerValue, sequence > 0 else {
            throw .badReply("a PubAck without seq: \(String(decoding: payload.prefix(200), as: UTF8.self))")
        }
        return UInt64(sequence)
    }

    private static func apiError(_ field: JSONField) -> JetStreamAPIError {
        JetStreamAPIError(
            code: field["code"].integerValue ?? 0, errorCode: field["err_code"].integerValue ?? 0,
            detail: field["description"].stringValue ?? "no description")
    }

    /// The error a caller can act on for the codes that name one; the API's own otherwise.
    private static func classified(_ error: JetStreamAPIError) -> JetStreamError {
        switch error.errorCode {
        case JetStreamAPIError.jetStreamNotEnabled, JetStreamAPIError.jetStreamNotEnabledForAccount: .notEnabled
        default: .api(error)
        }
    }
}
