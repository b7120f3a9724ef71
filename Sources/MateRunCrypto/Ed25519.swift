/// An Ed25519 signing key (RFC 8032) made from its 32-byte seed, signing through OpenSSL.
///
/// NATS NKEYs are Ed25519 keys: a client proves who it is by signing the server's nonce. The
/// seed is kept, not an OpenSSL key object, so the value is plain data that any thread may use;
/// each signature makes and frees its own key object.
package struct Ed25519PrivateKey: Sendable {
    package static let seedLength = 32
    package static let signatureLength = 64

    private let seed: [UInt8]
    package let publicKey: Ed25519PublicKey

    /// The key of `seed`; throws for a seed that is not 32 bytes, or without OpenSSL.
    package init(seed: [UInt8]) throws(CryptoError) {
        guard seed.count == Self.seedLength else {
            throw .badLength(what: "an Ed25519 seed", expected: Self.seedLength, got: seed.count)
        }
        let crypto = try LibCrypto.shared()
        self.seed = seed
        let publicBytes = try Self.withKey(seed, crypto) { (key) throws(CryptoError) -> [UInt8] in
            var bytes = [UInt8](repeating: 0, count: Ed25519PublicKey.length)
            var length = bytes.count
            guard crypto.getRawPublicKey(key, &bytes, &length) == 1, length == Ed25519PublicKey.length else {
                throw crypto.failure("deriving the Ed25519 public key")
            }
            return bytes
        }
        publicKey = try Ed25519PublicKey(rawBytes: publicBytes)
    }

    /// The 64-byte signature of `message`.
    package func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let crypto = try LibCrypto.shared()
        return try Self.withKey(seed, crypto) { (key) throws(CryptoError) -> [UInt8] in
            guard let context = crypto.newDigestContext() else { throw crypto.failure("EVP_MD_CTX_new") }
            defer { crypto.freeDigestContext(context) }
            guard crypto.digestSignInit(context, nil, nil, nil, key) == 1 else { throw crypto.failure("EVP_DigestSignInit") }
            var signature = [UInt8](repeating: 0, count: Self.signatureLength)
            var length = signature.count
            let status = message.withNonNilBytes { bytes, count in
                crypto.digestSign(context, &signature, &length, bytes, count)
            }
            guard status == 1, length == Self.signatureLength else { throw crypto.failure("Ed25519 signing") }
            return signature
        }
    }

    private static func withKey<R>(
        _ seed: [UInt8], _ crypto: LibCrypto, _ body: (OpaquePointer) throws(CryptoError) -> R
    ) throws(CryptoError) -> R {
        let key = try seed.withNonNilBytes { (bytes, count) throws(CryptoError) -> OpaquePointer in
            guard let key = crypto.newRawPrivateKey(LibCrypto.ed25519KeyType, nil, bytes, count) else {
                throw crypto.failure("making an Ed25519 key from its seed")
            }
            return key
        }
        defer { crypto.freeKey(key) }
        return try body(key)
    }
}

/// An Ed25519 public key: its 32 raw bytes, and the check of a signature made by its private key.
package struct Ed25519PublicKey: Sendable, Equatable {
    package static let length = 32

    package let rawBytes: [UInt8]

    package init(rawBytes: [UInt8]) throws(CryptoError) {
        guard rawBytes.count == Self.length else {
            throw .badLength(what: "an Ed25519 public key", expected: Self.length, got: rawBytes.count)
        }
        self.rawBytes = rawBytes
    }

    /// Whether `signature` is this key's signature of `message`: false for any other signature
    /// (of another size too); throws only when OpenSSL cannot be used or refuses the key.
    package func isValidSignature(_ signature: [UInt8], for message: [UInt8]) throws(CryptoError) -> Bool {
        let crypto = try LibCrypto.shared()
        guard signature.count == Ed25519PrivateKey.signatureLength else { return false }
        let key = try rawBytes.withNonNilBytes { (bytes, count) throws(CryptoError) -> OpaquePointer in
            guard let key = crypto.newRawPublicKey(LibCrypto.ed25519KeyType, nil, bytes, count) else {
                throw crypto.failure("reading an Ed25519 public key")
            }
            return key
        }
        defer { crypto.freeKey(key) }
        guard let context = crypto.newDigestContext() else { throw crypto.failure("EVP_MD_CTX_new") }
        defer { crypto.freeDigestContext(context) }
        guard crypto.digestVerifyInit(context, nil, nil, nil, key) == 1 else { throw crypto.failure("EVP_DigestVerifyInit") }
        let status = signature.withUnsafeBufferPointer { signatureBytes in
            message.withNonNilBytes { bytes, count in
                crypto.digestVerify(context, signatureBytes.baseAddress, signatureBytes.count, bytes, count)
            }
        }
        // 1 is a good signature, 0 a bad one; a negative status is a malformed one (also bad).
        _ = crypto.drainErrors()
        return status == 1
    }
}
