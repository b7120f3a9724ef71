/// Base32 with RFC 4648's alphabet, without padding: how NKEYs are written (upper case), and the
/// key fingerprints that name a group's or a pair's subjects (lower case, one NATS token).
package enum Base32 {
    package static let upperCase = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    package static let lowerCase = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// `bytes` in `alphabet`; leftover bits make a last character, padded with zero bits.
    package static func encode(_ bytes: [UInt8], alphabet: [UInt8] = upperCase) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                text.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
        }
        if bits > 0 {
            text.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of upper-case `text`, nil when a character is outside the alphabet. Leftover
    /// bits that do not make a byte are dropped, as in the unpadded form.
    package static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = character - UInt8(ascii: "2") + 26
            default: return nil
            }
            buffer = (buffer << 5 | UInt32(value)) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes
    }
}

extension Ed25519PublicKey {
    /// The first 16 characters (80 bits) of the lower-case base32 of SHA-256 of the key's 32 raw
    /// bytes: a name for the key that anyone given the key can check. A group's watch code, a
    /// runner's id, and a pair's room.
    package func fingerprint() throws(CryptoError) -> String {
        String(Base32.encode(try SHA256.digest(rawBytes), alphabet: Base32.lowerCase).prefix(16))
    }
}
