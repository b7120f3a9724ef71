/// Random bytes from OpenSSL's cryptographically secure generator, for keys and nonces.
package enum SecureRandom {
    /// `count` random bytes; throws when the generator cannot be used (never returns weak bytes).
    package static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        guard count > 0 else { return [] }
        let crypto = try LibCrypto.shared()
        var bytes = [UInt8](repeating: 0, count: count)
        guard let length = Int32(exactly: count), crypto.randomBytes(&bytes, length) == 1 else {
            throw crypto.failure("RAND_bytes")
        }
        return bytes
    }
}
