import MateRunCrypto
import MateRunNATS

/// A dial request and the host's answer, as the NATS headers they travel in (PROTOCOL.md
/// section 12.3): the joiner proves the code's secret without sending it and signs with its own
/// key; the host signs its answer, and its key's fingerprint is the room.
enum NATSTunnelDial {
    /// Why a host refuses a dial, in the words of its answer's `Reason`.
    enum Refusal: String, Error, Sendable {
        /// A header is missing or unreadable.
        case badDial = "bad_dial"
        /// The proof is not the HMAC of the code's secret: a wrong code, or a forger.
        case wrongSecret = "wrong_secret"
        /// The dial is not signed by the key it carries.
        case badSignature = "bad_signature"
        /// The connection id was dialled before: a replay.
        case usedID = "used_id"
        /// The host takes no more connections (its run is over) or could not open one.
        case unavailable
    }

    /// A dial whose proof and signature were checked.
    struct Request: Sendable {
        let id: String
        let joinerKey: Ed25519PublicKey
        let joinerKeyText: String
    }

    /// The host's answer, once its signature and its key's fingerprint were checked.
    enum Answer: Equatable, CustomStringConvertible {
        case ok(hostKey: Ed25519PublicKey)
        case served
        case refused(reason: String)

        var description: String {
            switch self {
            case .ok: "ok"
            case .served: "served"
            case .refused(let reason):
                switch Refusal(rawValue: reason) {
                case .wrongSecret: "\(reason): the code's part after the dash is not this host's"
                case .usedID: "\(reason): that connection was dialled before"
                case .unavailable: "\(reason): the host takes no more connections"
                case .badDial, .badSignature, nil: reason
                }
            }
        }
    }

    /// The headers of a dial of connection `id` into `room` by `key`, proving `secret`.
    static func requestHeaders(room: String, id: String, key: Ed25519PrivateKey, secret: String) throws(CryptoError) -> NATSHeaders {
        let keyText = Base64URL.encode(key.publicKey.rawBytes)
        let proof = try HMACSHA256.authenticationCode(
            key: Array(secret.utf8), message: NATSPairSigning.proofInput(room: room, id: id, joinerKey: keyText))
        let proofText = Base64URL.encode(proof)
        let signature = try key.signature(for: NATSPairSigning.dialInput(room: room, id: id, joinerKey: keyText, proof: proofText))
        return NATSHeaders([("Id", id), ("Key", keyText), ("Proof", proofText), ("Sig", Base64URL.encode(signature))])
    }

    /// Whether a message on the dial subject is a probe ("is this room served?"): no `Id`.
    static func isProbe(_ message: NATSMessage) -> Bool {
        message.headers?["Id"] == nil && message.payload.isEmpty
    }

    /// The host's check of a dial into `room` against the code's `secret`, in this order: every
    /// header readable, the proof, the signature. (The id's first use is the caller's check.)
    static func check(_ headers: NATSHeaders?, room: String, secret: String) -> Result<Request, Refusal> {
        guard let headers, let id = headers["Id"], NATSTunnelID.isValid(id), let keyText = headers["Key"],
            let key = NATSPairSigning.publicKey(keyText), let proofText = headers["Proof"],
            let proof = Base64URL.decode(proofText), proof.count == HMACSHA256.length
        else { return .failure(.badDial) }
        let proofInput = NATSPairSigning.proofInput(room: room, id: id, joinerKey: keyText)
        guard (try? HMACSHA256.isValid(proof, key: Array(secret.utf8), message: proofInput)) == true else {
            return .failure(.wrongSecret)
        }
        let dialInput = NATSPairSigning.dialInput(room: room, id: id, joinerKey: keyText, proof: proofText)
        guard NATSPairSigning.isSigned(dialInput, by: key, signature: headers["Sig"]) else { return .failure(.badSignature) }
        return .success(Request(id: id, joinerKey: key, joinerKeyText: keyText))
    }

    /// The headers of the host's answer to a dial that gave `id` and `joinerKeyText` (each empty
    /// when the dial had none): `ok`, `served` (a probe) or `refused` with a reason.
    static func answerHeaders(
        room: String, id: String, joinerKeyText: String, answer: String, reason: String = "", hostKey: Ed25519PrivateKey
    ) throws(CryptoError) -> NATSHeaders {
        let input = NATSPairSigning.answerInput(room: room, id: id, joinerKey: joinerKeyText, answer: answer, reason: reason)
        var fields = [("Answer", answer), ("Key", Base64URL.encode(hostKey.publicKey.rawBytes))]
        if !reason.isEmpty { fields.append(("Reason", reason)) }
        fields.append(("Sig", Base64URL.encode(try hostKey.signature(for: input))))
        return NATSHeaders(fields)
    }

    /// The joiner's check of an answer to its dial of `id` with `joinerKeyText` (empty for a
    /// probe): nil unless it is signed by a key whose fingerprint is `room`.
    static func answer(_ message: NATSMessage, room: String, id: String, joinerKeyText: String) -> Answer? {
        guard let headers = message.headers, let answer = headers["Answer"], let key = NATSPairSigning.publicKey(headers["Key"]),
            (try? NATSPairCode.room(of: key)) == room
        else { return nil }
        let reason = headers["Reason"] ?? ""
        let input = NATSPairSigning.answerInput(room: room, id: id, joinerKey: joinerKeyText, answer: answer, reason: reason)
        guard NATSPairSigning.isSigned(input, by: key, signature: headers["Sig"]) else { return nil }
        switch answer {
        case "ok" where !id.isEmpty: return .ok(hostKey: key)
        case "served" where id.isEmpty: return .served
        case "refused": return .refused(reason: reason)
        default: return nil
        }
    }
}
