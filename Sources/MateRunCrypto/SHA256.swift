/// SHA-256 (FIPS 180-4) through OpenSSL.
package enum SHA256 {
    package static let length = 32

    /// The 32-byte digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) throws(CryptoError) -> [UInt8] {
        let crypto = try LibCrypto.shared()
        var digest = [UInt8](repeating: 0, count: length)
        let result = bytes.withNonNilBytes { pointer, count in
            crypto.sha256(pointer, count, &digest)
        }
        guard result != nil else { throw crypto.failure("SHA-256") }
        return digest
    }
}
