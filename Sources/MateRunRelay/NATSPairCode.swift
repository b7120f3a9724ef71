import MateRunCrypto

/// The code a host through NATS prints and its joiner types, `ROOM-SECRET`
/// (PROTOCOL.md section 12.2).
///
/// The room is the fingerprint of the host's public key: it names the subjects, and lets the
/// joiner check that the key which answers its dial is the host's. The secret is what only the
/// two people know: the joiner proves it at the dial with an HMAC and it never travels, so a
/// client that reads every subject learns the room (public) and nothing that lets it dial in.
package struct NATSPairCode: Sendable, Equatable, CustomStringConvertible {
    /// Characters of the room: 80 bits of SHA-256 of the host's key.
    package static let roomLength = 16
    /// Characters of the secret: 60 random bits, too many to try offline from a sniffed dial in
    /// the lifetime of a run.
    package static let secretLength = 12
    /// RFC 4648 base32 in lower case: letters and 2–7, one NATS subject token, nothing to confuse
    /// with 0, 1 or 8.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    package let room: String
    package let secret: String

    package var description: String { room + "-" + secret }

    init(room: String, secret: String) {
        self.room = room
        self.secret = secret
    }

    /// A code as typed: `ROOM-SECRET`, in any case; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == Self.roomLength, parts[1].utf8.count == Self.secretLength,
            parts.allSatisfy({ $0.utf8.allSatisfy(Self.alphabet.contains) })
        else { return nil }
        self.init(room: String(parts[0]), secret: String(parts[1]))
    }

    /// The room of the host whose public key is `key`: the first 16 characters of the base32 of
    /// SHA-256 of its 32 raw bytes (the first 10 bytes of the digest, exactly).
    package static func room(of key: Ed25519PublicKey) throws(CryptoError) -> String {
        try key.fingerprint()
    }

    /// A fresh secret of `secretLength` characters from the platform's secure generator.
    static func randomSecret() throws(CryptoError) -> String {
        // 256 is a multiple of 32: every character is equally likely.
        String(decoding: try SecureRandom.bytes(count: secretLength).map { alphabet[Int($0 & 31)] }, as: UTF8.self)
    }
}
