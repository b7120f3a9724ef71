import MateRunCrypto

/// A group's two codes. The **watch code** W is the fingerprint of the coordinator's public key
/// (the first 16 characters of the lowercase base32 of its SHA-256): it names the group's
/// subjects and lets anyone holding it check that a message comes from the coordinator. The
/// **join code** is W, a dash and a 12-character secret S; S proves a join (a signature by the join
/// key derived from it, `GroupJoinKey`; never S itself, travels), so a watcher cannot join or
/// speak. PROTOCOL.md section 11.
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
        GroupCodes(watch: try fingerprint(of: publicKey), secret: try newSecret())
    }

    /// A new join secret S: 12 letters and digits, each equally likely.
    package static func newSecret() throws(CryptoError) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var secret: [UInt8] = []
        while secret.count < secretLength {
            // 252 is the largest multiple of 36 below 256: no letter is likelier than another.
            for byte in try SecureRandom.bytes(count: secretLength * 2) where byte < 252 && secret.count < secretLength {
                secret.append(alphabet[Int(byte % 36)])
            }
        }
        return String(decoding: secret, as: UTF8.self)
    }

    /// The first 16 characters of the lowercase base32 of SHA-256(`publicKey`): a coordinator's
    /// watch code, and a runner's id.
    package static func fingerprint(of publicKey: Ed25519PublicKey) throws(CryptoError) -> String {
        try publicKey.fingerprint()
    }

    private static func isBase32Lowercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(byte)
    }

    private static func isLowercaseLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
