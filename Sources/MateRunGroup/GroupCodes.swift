import MateRunCrypto

/// A group's two codes. The **watch code** W is the fingerprint of the coordinator's public key
/// (the first 16 characters of the lowercase base32 of its SHA-256): it names the group's
/// subjects and lets anyone holding it check that a message comes from the coordinator. The
/// **join code** is W, a dash and a 12-character secret S; S proves a join (an HMAC of it, never
/// S itself, travels), so a watcher cannot join or speak. PROTOCOL.md section 11.
package struct GroupCodes: Sendable, Equatable {
    package static let watchLength = 16
    package static let secretLength = 12

    /// W: the coordinator's key's fingerprint, and the subjects' name.
    package let watch: String
    /// S: the join secret; nil when only the watch code is known.
    package let secret: String?

    package init(watch: String, secret: String?) {
        self.watch = watch
        self.secret = secret
    }

    /// The code a runner joins with, `W-S`; nil without the secret.
    package var join: String? { secret.map { watch + "-" + $0 } }

    /// Reads a watch code or a join code; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == Self.watchLength,
            parts[0].utf8.allSatisfy(Self.isBase32Lowercase)
        else { return nil }
        if parts.count == 2 {
            guard parts[1].count == Self.secretLength, parts[1].utf8.allSatisfy(Self.isLowercaseLetterOrDigit) else { return nil }
        }
        self.init(watch: String(parts[0]), secret: parts.count == 2 ? String(parts[1]) : nil)
    }

    /// The codes of a new group whose coordinator's public key is `publicKey`, with a new secret.
    package static func new(for publicKey: Ed25519PublicKey) throws(CryptoError) -> GroupCodes {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var secret: [UInt8] = []
        while secret.count < secretLength {
            // 252 is the largest multiple of 36 below 256: no letter is likelier than another.
            for byte in try SecureRandom.bytes(count: secretLength * 2) where byte < 252 && secret.count < secretLength {
                secret.append(alphabet[Int(byte % 36)])
            }
        }
        return GroupCodes(watch: try fingerprint(of: publicKey), secret: String(decoding: secret, as: UTF8.self))
    }

    /// The first 16 characters of the lowercase base32 of SHA-256(`publicKey`): a coordinator's
    /// watch code, and a runner's id.
    package static func fingerprint(of publicKey: Ed25519PublicKey) throws(CryptoError) -> String {
        String(GroupBase32.lowercase(try SHA256.digest(publicKey.rawBytes)).prefix(watchLength))
    }

    private static func isBase32Lowercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(byte)
    }

    private static func isLowercaseLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// Base32 with RFC 4648's alphabet in lower case, without padding: one NATS subject token.
enum GroupBase32 {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    static func lowercase(_ bytes: [UInt8]) -> String {
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
        if bits > 0 { text.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Base64 with the URL-safe alphabet and no padding: keys, signatures and proofs on the wire.
package enum GroupBase64URL {
    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count {
                text.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 63)])
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of `text`; nil for a character outside the alphabet, padding, or a length no
    /// encoding has.
    package static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            buffer = (buffer << 6 | UInt32(value)) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes
    }
}
