import MateRunCrypto
import MateRunDomain
import MateRunJSON
import MateRunNATS

/// The group service's messages and kept records as JSON (PROTOCOL.md section 11.10): a creator's
/// request for a group and the service's answer, the group's record (what any instance needs to
/// hold the group), and the signed envelope every kept record travels in. Reading is strict;
/// anything that does not read is refused by the caller.
package enum GroupServiceWire {
    /// A creator's request: the terms, the public half of the join key (the service never learns
    /// the join code's secret), and the key whose signature alone starts the group.
    package struct CreateRequest: Sendable, Equatable {
        package var terms: GroupTerms
        package var joinKey: String
        package var starterKey: String

        package init(terms: GroupTerms, joinKey: String, starterKey: String) {
            self.terms = terms
            self.joinKey = joinKey
            self.starterKey = starterKey
        }
    }

    package static func createRequest(_ request: CreateRequest) -> [UInt8] {
        bytes(.object([("type", .string("create"))] + termsFields(request.terms) + [
            ("join_key", .string(request.joinKey)), ("starter_key", .string(request.starterKey)),
        ]))
    }

    package static func createRequest(_ payload: [UInt8]) -> CreateRequest? {
        guard let object = object(payload), object["type"].stringValue == "create", let terms = terms(object),
            let joinKey = object["join_key"].stringValue, let starterKey = object["starter_key"].stringValue
        else { return nil }
        return CreateRequest(terms: terms, joinKey: joinKey, starterKey: starterKey)
    }

    /// The service's answer: the group's watch code, for the join key it was asked with. It is
    /// signed by the group's key (whose fingerprint the watch code is) for the create subject.
    package static func created(watch: String, joinKey: String) -> [UInt8] {
        bytes(.object([("type", .string("created")), ("watch", .string(watch)), ("join_key", .string(joinKey))]))
    }

    /// The watch code a signed answer gives for `joinKey`; nil when it is no such answer.
    package static func created(_ payload: [UInt8], joinKey: String) -> String? {
        guard let object = object(payload), object["type"].stringValue == "created", object["join_key"].stringValue == joinKey else {
            return nil
        }
        return object["watch"].stringValue
    }

    package static func refused(_ reason: String) -> [UInt8] {
        bytes(.object([("type", .string("refused")), ("reason", .string(reason))]))
    }

    package static func refusal(_ payload: [UInt8]) -> String? {
        guard let object = object(payload), object["type"].stringValue == "refused" else { return nil }
        return object["reason"].stringValue
    }

    /// The creator's start, signed by its starter key on the group's `start` subject.
    package static let start: [UInt8] = Array(#"{"type":"start"}"#.utf8)

    // MARK: The group's record

    /// What any instance needs to hold a group: the nonce its key is derived from, the terms, the
    /// join key's public half, and the starter's key.
    package struct Record: Sendable, Equatable {
        package var nonce: String
        package var terms: GroupTerms
        package var joinKey: String
        package var starterKey: String

        package init(nonce: String, terms: GroupTerms, joinKey: String, starterKey: String) {
            self.nonce = nonce
            self.terms = terms
            self.joinKey = joinKey
            self.starterKey = starterKey
        }

        /// The join and starter keys; nil when either is not an Ed25519 public key in base64url.
        package var keys: (join: Ed25519PublicKey, starter: Ed25519PublicKey)? {
            guard let join = Base64URL.decode(joinKey).flatMap({ try? Ed25519PublicKey(rawBytes: $0) }),
                let starter = Base64URL.decode(starterKey).flatMap({ try? Ed25519PublicKey(rawBytes: $0) })
            else { return nil }
            return (join, starter)
        }
    }

    package static func record(_ record: Record) -> [UInt8] {
        bytes(.object([("nonce", .string(record.nonce))] + termsFields(record.terms) + [
            ("join_key", .string(record.joinKey)), ("starter_key", .string(record.starterKey)),
        ]))
    }

    package static func record(_ payload: [UInt8]) -> Record? {
        guard let object = object(payload), let nonce = object["nonce"].stringValue, let terms = terms(object),
            let joinKey = object["join_key"].stringValue, let starterKey = object["starter_key"].stringValue
        else { return nil }
        return Record(nonce: nonce, terms: terms, joinKey: joinKey, starterKey: starterKey)
    }

    // MARK: The signed envelope

    /// `{"key":…,"sig":…,"value":base64url(payload)}`: a kept value with the group key's
    /// signature over `context` and the payload, so that whoever may write the bucket can hide
    /// a group but never alter one.
    package static func envelope(_ payload: [UInt8], context: String, signer: GroupSigner) throws(CryptoError) -> [UInt8] {
        let headers = try signer.headers(subject: context, payload: payload, withKey: true)
        return bytes(.object([
            ("key", .string(headers["Key"] ?? "")), ("sig", .string(headers["Sig"] ?? "")), ("value", .string(Base64URL.encode(payload))),
        ]))
    }

    /// The payload of an envelope signed by the key whose fingerprint is `watch`; nil otherwise.
    package static func opened(_ envelope: [UInt8], context: String, watch: String) -> [UInt8]? {
        guard envelope.count <= 8_000_000, let parsed = try? JSONParser.parse(envelope), parsed.objectValue != nil else { return nil }
        let object = JSONField(parsed)
        guard let key = object["key"].stringValue, let sig = object["sig"].stringValue, let text = object["value"].stringValue,
            let payload = Base64URL.decode(text)
        else { return nil }
        let headers = NATSHeaders([("Key", key), ("Sig", sig)])
        guard let publicKey = GroupSignature.key(in: headers), (try? GroupCodes.fingerprint(of: publicKey)) == watch,
            GroupSignature.isValid(headers, subject: context, payload: payload, key: publicKey)
        else { return nil }
        return payload
    }

    // MARK: Pieces

    static func termsFields(_ terms: GroupTerms) -> [(String, JSON)] {
        [
            ("mode", .string(terms.mode.rawValue)), ("goal_m", .number(shortest: terms.goalMetres)),
            ("speed", terms.speed.map { .number(shortest: $0) } ?? .null),
            ("start_when", terms.startWhen.map { .integer($0) } ?? .null), ("max_runners", .integer(terms.maxRunners)),
        ]
    }

    /// Terms within what `group create` accepts; nil otherwise.
    static func terms(_ object: JSONField) -> GroupTerms? {
        guard let modeText = object["mode"].stringValue, let mode = MateMode(rawValue: modeText),
            let goal = object["goal_m"].numericValue, goal > 0, goal <= 1_000_000_000,
            let maxRunners = try? object["max_runners"].integer(in: 1...10_000)
        else { return nil }
        let speed = object["speed"].numericValue
        if let speed, !(0.01...10_000).contains(speed) { return nil }
        if !object["speed"].isMissing, speed == nil { return nil }
        var startWhen: Int?
        if !object["start_when"].isMissing {
            guard let count = try? object["start_when"].integer(in: 1...maxRunners) else { return nil }
            startWhen = count
        }
        return GroupTerms(mode: mode, goalMetres: goal, speed: speed, startWhen: startWhen, maxRunners: maxRunners)
    }

    static func bytes(_ json: JSON) -> [UInt8] {
        Array(json.jsonText.utf8)
    }

    static func object(_ payload: [UInt8]) -> JSONField? {
        guard payload.count <= 8_000_000, let parsed = try? JSONParser.parse(payload), parsed.objectValue != nil else { return nil }
        return JSONField(parsed)
    }
}
