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

    /// A dial as it came, which an answer to it is bound to (PROTOCOL.md section 12.4): its
    /// `Id`, `Key`, `Proof` and `Sig` headers, each empty where the dial lacked it (a probe has
    /// none). An altered copy of a dial differs in one of them at least, so the host's answer to
    /// the copy does not check against the dial.
    struct Binding: Sendable, Equatable {
        var id = ""
        var joinerKeyText = ""
        var proof = ""
        var signature = ""

        /// A probe's: every field empty.
        static let probe = Binding()

        init(id: String = "", joinerKeyText: String = "", proof: String = "", signature: String = "") {
            self.id = id
            self.joinerKeyText = joinerKeyText
            self.proof = proof
            self.signature = signature
        }

        init(_ headers: NATSHeaders?) {
            self.init(id: headers?["Id"] ?? "", joinerKeyText: headers?["Key"] ?? "", proof: headers?["Proof"] ?? "", signature: headers?["Sig"] ?? "")
        }
    }

    /// A dial whose proof and signature were checked.
    struct Request: Sendable {
        let id: String
        let joinerKey: Ed25519PublicKey
        let joinerKeyText: String
        /// What the host's answer to it is bound to.
        let binding: Binding
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

        /// Whether a fresh dial could get another answer: a wrong secret or a host that takes no
        /// more connections answers every dial the same way.
        var isFinal: Bool {
            switch self {
            case .ok, .served: true
            case .refused(let reason): reason == Refusal.wrongSecret.rawValue || reason == Refusal.unavailable.rawValue
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
        return .success(Request(id: id, joinerKey: key, joinerKeyText: keyText, binding: Binding(headers)))
    }

    /// The headers of the host's answer to the dial `binding`: `ok`, `served` (a probe) or
    /// `refused` with a reason.
    static func answerHeaders(
        room: String, to binding: Binding, answer: String, reason: String = "", hostKey: Ed25519PrivateKey
    ) throws(CryptoError) -> NATSHeaders {
        var fields = [("Answer", answer), ("Key", Base64URL.encode(hostKey.publicKey.rawBytes))]
        if !reason.isEmpty { fields.append(("Reason", reason)) }
        fields.append(("Sig", Base64URL.encode(try hostKey.signature(for: input(room: room, binding, answer: answer, reason: reason)))))
        return NATSHeaders(fields)
    }

    /// The joiner's check of an answer to its dial `binding` (`.probe` for a probe): nil unless
    /// it is signed by a key whose fingerprint is `room`, for this very dial. A probe takes only
    /// `served` (a host never refuses one), a dial only `ok` or `refused`.
    static func answer(_ message: NATSMessage, room: String, to binding: Binding) -> Answer? {
        guard let headers = message.headers, let answer = headers["Answer"], let key = NATSPairSigning.publicKey(headers["Key"]),
            (try? NATSPairCode.room(of: key)) == room
        else { return nil }
        let reason = headers["Reason"] ?? ""
        guard NATSPairSigning.isSigned(input(room: room, binding, answer: answer, reason: reason), by: key, signature: headers["Sig"]) else {
            return nil
        }
        switch answer {
        case "served" where binding == .probe: return .served
        case "ok" where binding != .probe: return .ok(hostKey: key)
        case "refused" where binding != .probe: return .refused(reason: reason)
        default: return nil
        }
    }

    private static func input(room: String, _ binding: Binding, answer: String, reason: String) -> [UInt8] {
        NATSPairSigning.answerInput(
            room: room, id: binding.id, joinerKey: binding.joinerKeyText, proof: binding.proof, signature: binding.signature,
            answer: answer, reason: reason)
    }
}
