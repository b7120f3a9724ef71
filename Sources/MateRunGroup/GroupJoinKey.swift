import MateRunCrypto

/// The join key pair of a group, derived from the join code's secret S: a join is proved by the
/// join key's signature, so whoever checks joins (a coordinator, a service) needs only the
/// public half and never holds S, and a join read off the wire gives nothing to forge another.
/// Seed = SHA-256("materun join key" ‖ S) (PROTOCOL.md section 11.4).
package struct GroupJoinKey: Sendable {
    package let privateKey: Ed25519PrivateKey
    package var publicKey: Ed25519PublicKey { privateKey.publicKey }

    /// The join key of the secret `secret` (S of the join code W-S). Throws without OpenSSL.
    package init(secret: String) throws(CryptoError) {
        privateKey = try Ed25519PrivateKey(seed: SHA256.digest(Array("materun join key".utf8) + Array(secret.utf8)))
    }

    /// The join's proof: the join key's signature over `GroupWire.proofInput`.
    package func proof(watch: String, key: String, name: String) throws(CryptoError) -> [UInt8] {
        try privateKey.signature(for: GroupWire.proofInput(watch: watch, key: key, name: name))
    }

    /// Whether `proof` is the join key `publicKey`'s signature for this join.
    package static func isValid(
        _ proof: [UInt8], publicKey: Ed25519PublicKey, watch: String, key: String, name: String
    ) -> Bool {
        (try? publicKey.isValidSignature(proof, for: GroupWire.proofInput(watch: watch, key: key, name: name))) == true
    }
}
