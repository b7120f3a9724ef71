/// HMAC-SHA-256 (RFC 2104) through OpenSSL: proves knowledge of a shared secret (a group's join
/// code, a pair's code) without sending it, since the code cannot be read back from the tag.
package enum HMACSHA256 {
    package static let length = 32

    /// The 32-byte tag of `message` under `key`.
    package static func authenticationCode(key: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let crypto = try LibCrypto.shared()
        var tag = [UInt8](repeating: 0, count: length)
        var tagLength: UInt32 = 0
        let result = key.withNonNilBytes { keyPointer, keyCount in
            message.withNonNilBytes { messagePointer, messageCount in
                crypto.hmac(crypto.sha256Digest(), keyPointer, Int32(keyCount), messagePointer, messageCount, &tag, &tagLength)
            }
        }
        guard result != nil, tagLength == UInt32(length) else { throw crypto.failure("HMAC-SHA-256") }
        return tag
    }

    /// Whether `tag` is `message`'s tag under `key`, compared in time that does not depend on
    /// where the first difference is.
    package static func isValid(_ tag: [UInt8], key: [UInt8], message: [UInt8]) throws(CryptoError) -> Bool {
        let expected = try authenticationCode(key: key, message: message)
        guard tag.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(tag, expected) { difference |= left ^ right }
        return difference == 0
    }
}
