import MateRunCrypto
import MateRunNATS

/// One party's Ed25519 key in a group (the coordinator's, or a runner's made at its join): it
/// signs everything the party publishes, over the subject and the payload, so that nobody else
/// on the server can speak for it. PROTOCOL.md section 11.3.
package struct GroupSigner: Sendable {
    package let privateKey: Ed25519PrivateKey
    /// The public key as it travels: base64url without padding.
    package let publicKeyText: String

    /// A new key from OpenSSL's random generator.
    package init() throws(CryptoError) {
        try self.init(seed: try SecureRandom.bytes(count: Ed25519PrivateKey.seedLength))
    }

    package init(seed: [UInt8]) throws(CryptoError) {
        privateKey = try Ed25519PrivateKey(seed: seed)
        publicKeyText = Base64URL.encode(privateKey.publicKey.rawBytes)
    }

    package var publicKey: Ed25519PublicKey { privateKey.publicKey }

    /// The headers that carry the signature of `payload` on `subject` (`Sig`), and the public key
    /// too (`Key`) when `withKey`: the coordinator's messages carry it, a runner's reports do not.
    package func headers(subject: String, payload: [UInt8], withKey: Bool) throws(CryptoError) -> NATSHeaders {
        let signature = Base64URL.encode(try privateKey.signature(for: GroupSignature.input(subject: subject, payload: payload)))
        return NATSHeaders(withKey ? [("Key", publicKeyText), ("Sig", signature)] : [("Sig", signature)])
    }
}

/// The check of a group message's signature.
package enum GroupSignature {
    /// What is signed: the subject's bytes, a line feed, and the payload's bytes.
    package static func input(subject: String, payload: [UInt8]) -> [UInt8] {
        Array(subject.utf8) + [0x0A] + payload
    }

    /// Whether `headers` carry `key`'s signature of `payload` on `subject`.
    package static func isValid(_ headers: NATSHeaders?, subject: String, payload: [UInt8], key: Ed25519PublicKey) -> Bool {
        guard let text = headers?["Sig"], text.utf8.count == 86, let signature = Base64URL.decode(text) else { return false }
        return (try? key.isValidSignature(signature, for: input(subject: subject, payload: payload))) == true
    }

    /// The public key a message's `Key` header carries, nil when absent or not a key.
    package static func key(in headers: NATSHeaders?) -> Ed25519PublicKey? {
        guard let text = headers?["Key"], text.utf8.count == 43, let bytes = Base64URL.decode(text) else { return nil }
        return try? Ed25519PublicKey(rawBytes: bytes)
    }
}

/// What a runner or a watcher accepts from its group's coordinator: a message signed by the key
/// whose fingerprint is the watch code, whose `seq` is newer than the last one accepted on the
/// same subject. Everything else (forged, altered, replayed) is refused and counted.
///
/// One reader owns a check (it is a value); each subject's order is its own.
package struct GroupCoordinatorCheck: Sendable {
    package let watch: String
    private let dropped: GroupDropCount
    private var trusted: Ed25519PublicKey?
    private var lastSeq: [String: Int] = [:]

    package init(watch: String, dropped: GroupDropCount) {
        self.watch = watch
        self.dropped = dropped
    }

    /// Whether `message` comes from the coordinator and is new; counts it when not. `signedFor`
    /// is the subject the coordinator signed it for when it differs from the one it came on (the
    /// board answering `board.now` is the last `board`, byte for byte).
    package mutating func accepts(_ message: NATSMessage, signedFor subject: String? = nil) -> Bool {
        let signed = subject ?? message.subject
        guard let key = coordinatorKey(message.headers),
            GroupSignature.isValid(message.headers, subject: signed, payload: message.payload, key: key),
            let seq = GroupWire.sequence(message.payload), seq > lastSeq[signed, default: 0]
        else {
            dropped.add()
            return false
        }
        lastSeq[signed] = seq
        return true
    }

    private mutating func coordinatorKey(_ headers: NATSHeaders?) -> Ed25519PublicKey? {
        guard let key = GroupSignature.key(in: headers) else { return nil }
        // The key taken before, with its OpenSSL key object already made.
        if let trusted, key == trusted { return trusted }
        guard (try? GroupCodes.fingerprint(of: key)) == watch else { return nil }
        trusted = key
        return key
    }
}
