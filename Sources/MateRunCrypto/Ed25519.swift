/// An Ed25519 signing key (RFC 8032) made from its 32-byte seed, signing through OpenSSL.
///
/// NATS NKEYs are Ed25519 keys: a client proves who it is by signing the server's nonce; a group's
/// coordinator signs ten thousand standings a second. The OpenSSL key object is made once, with
/// the key (deriving the public key from the seed costs about as much as a signature), and shared
/// by every copy of the value: OpenSSL 3 lets any number of threads sign with one key at once,
/// each with a digest context of its own, since none changes it.
package struct Ed25519PrivateKey: Sendable {
    package static let seedLength = 32
    package static let signatureLength = 64

    private let key: OpenSSLKey
    package let publicKey: Ed25519PublicKey

    /// The key of `seed`; throws for a seed that is not 32 bytes, or without OpenSSL.
    package init(seed: [UInt8]) throws(CryptoError) {
        guard seed.count == Self.seedLength else {
            throw .badLength(what: "an Ed25519 seed", expected: Self.seedLength, got: seed.count)
        }
        let crypto = try LibCrypto.shared()
        key = try OpenSSLKey(crypto, raw: seed, making: crypto.newRawPrivateKey, what: "making an Ed25519 key from its seed")
        var publicBytes = [UInt8](repeating: 0, count: Ed25519PublicKey.length)
        var length = publicBytes.count
        guard crypto.getRawPublicKey(key.pointer, &publicBytes, &length) == 1, length == Ed25519PublicKey.length else {
            throw crypto.failure("deriving the Ed25519 public key")
        }
        publicKey = try Ed25519PublicKey(rawBytes: publicBytes)
    }

    /// The 64-byte signature of `message`.
    package func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let crypto = key.crypto
        guard let context = crypto.newDigestContext() else { throw crypto.failure("EVP_MD_CTX_new") }
        defer { crypto.freeDigestContext(context) }
        guard crypto.digestSignInit(context, nil, nil, nil, key.pointer) == 1 else { throw crypto.failure("EVP_DigestSignInit") }
        var signature = [UInt8](repeating: 0, count: Self.signatureLength)
        var length = signature.count
        let status = message.withNonNilBytes { bytes, count in
            crypto.digestSign(context, &signature, &length, bytes, count)
        }
        guard status == 1, length == Self.signatureLength else { throw crypto.failure("Ed25519 signing") }
        return signature
    }
}

/// An Ed25519 public key: its 32 raw bytes, and the check of a signature made by its private key.
/// Its OpenSSL key object is made once, with the value, and shared as the private key's is.
package struct Ed25519PublicKey: Sendable, Equatable {
    package static let length = 32

    package let rawBytes: [UInt8]
    private let key: OpenSSLKey

    /// Throws for a key that is not 32 bytes, or without OpenSSL.
    package init(rawBytes: [UInt8]) throws(CryptoError) {
        guard rawBytes.count == Self.length else {
            throw .badLength(what: "an Ed25519 public key", expected: Self.length, got: rawBytes.count)
        }
        self.rawBytes = rawBytes
        let crypto = try LibCrypto.shared()
        key = try OpenSSLKey(crypto, raw: rawBytes, making: crypto.newRawPublicKey, what: "reading an Ed25519 public key")
    }

    package static func == (lhs: Ed25519PublicKey, rhs: Ed25519PublicKey) -> Bool {
        lhs.rawBytes == rhs.rawBytes
    }

    /// Whether `signature` is this key's signature of `message`: false for any other signature
    /// (of another size too); throws only when OpenSSL cannot be used.
    package func isValidSignature(_ signature: [UInt8], for message: [UInt8]) throws(CryptoError) -> Bool {
        let crypto = key.crypto
        guard signature.count == Ed25519PrivateKey.signatureLength else { return false }
        guard let context = crypto.newDigestContext() else { throw crypto.failure("EVP_MD_CTX_new") }
        defer { crypto.freeDigestContext(context) }
        guard crypto.digestVerifyInit(context, nil, nil, nil, key.pointer) == 1 else { throw crypto.failure("EVP_DigestVerifyInit") }
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

/// An OpenSSL `EVP_PKEY` owned by Swift values: made once, freed when the last value holding it
/// goes. Never changed after it is made, so values on any thread may use it at once.
final class OpenSSLKey: @unchecked Sendable {
    let pointer: OpaquePointer
    let crypto: LibCrypto

    init(_ crypto: LibCrypto, raw: [UInt8], making make: LibCrypto.NewRawKey, what: String) throws(CryptoError) {
        self.crypto = crypto
        pointer = try raw.withNonNilBytes { (bytes, count) throws(CryptoError) -> OpaquePointer in
            guard let key = make(LibCrypto.ed25519KeyType, nil, bytes, count) else { throw crypto.failure(what) }
            return key
        }
    }

    deinit { crypto.freeKey(pointer) }
}
