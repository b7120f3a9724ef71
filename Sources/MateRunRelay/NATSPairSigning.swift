import MateRunCrypto

/// What each party of a pair through NATS signs, byte for byte (PROTOCOL.md section 12.4); keys,
/// proofs and signatures travel as base64url text (`Base64URL`).
///
/// Each input starts with its own words, so that a signature or a proof made for one purpose is
/// never valid for another, and names the room, the connection and both keys it concerns, so
/// that nothing signed for one pair or one connection is good in another.
enum NATSPairSigning {
    /// What the joiner's HMAC proof covers, keyed by the code's secret.
    static func proofInput(room: String, id: String, joinerKey: String) -> [UInt8] {
        Array("materun pair dial\n\(room)\n\(id)\n\(joinerKey)".utf8)
    }

    /// What the joiner signs in a dial: the proof's input and the proof.
    static func dialInput(room: String, id: String, joinerKey: String, proof: String) -> [UInt8] {
        proofInput(room: room, id: id, joinerKey: joinerKey) + Array("\n\(proof)".utf8)
    }

    /// What the host signs in its answer to a dial: the dial as it came (`id`, `joinerKey`,
    /// `proof` and the dial's `signature`, each empty for a probe or where the dial lacked it),
    /// so that an answer to an altered copy of a dial is never good for the dial itself.
    static func answerInput(
        room: String, id: String, joinerKey: String, proof: String, signature: String, answer: String, reason: String
    ) -> [UInt8] {
        Array("materun pair answer\n\(room)\n\(id)\n\(joinerKey)\n\(proof)\n\(signature)\n\(answer)\n\(reason)".utf8)
    }

    /// What the sender of a carried message signs: the subject (room, connection, direction),
    /// the sequence number, whether it closes, and the payload.
    static func streamInput(subject: String, seq: Int, close: Bool, payload: [UInt8]) -> [UInt8] {
        Array("materun pair stream\n\(subject)\n\(seq)\n\(close ? 1 : 0)\n".utf8) + payload
    }

    /// Whether `signatureText` is `key`'s signature of `input`; false for unreadable text and
    /// when the check cannot be made.
    static func isSigned(_ input: [UInt8], by key: Ed25519PublicKey, signature signatureText: String?) -> Bool {
        guard let signatureText, let signature = Base64URL.decode(signatureText) else { return false }
        return (try? key.isValidSignature(signature, for: input)) == true
    }

    /// A public key from its base64url text; nil for anything but 32 bytes.
    static func publicKey(_ text: String?) -> Ed25519PublicKey? {
        guard let text, let raw = Base64URL.decode(text) else { return nil }
        return try? Ed25519PublicKey(rawBytes: raw)
    }

    /// A new signing key from the platform's secure generator.
    static func newKey() throws(CryptoError) -> Ed25519PrivateKey {
        try Ed25519PrivateKey(seed: try SecureRandom.bytes(count: Ed25519PrivateKey.seedLength))
    }
}
