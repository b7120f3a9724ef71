import MateRunCrypto

/// The NKEY text forms (NATS's ed25519 keys): a prefix byte naming what the key is, the key's
/// bytes and a CRC-16/XMODEM, little endian, all in base32 without padding. A user's seed reads
/// `SU…`, its public key `U…`.
enum NATSNKey {
    /// The prefix of a seed (`S`), combined with the prefix of what the key is for.
    static let seedPrefix: UInt8 = 18 << 3
    /// The prefix of a user's key (`U`).
    static let userPrefix: UInt8 = 20 << 3

    /// What a seed's second letter says it is for, for a message when it is not a user.
    private static let roles: [UInt8: String] = [
        14 << 3: "an operator", 0: "an account", 2 << 3: "a cluster", 13 << 3: "a server", 15 << 3: "a curve key",
    ]

    /// The 32-byte seed inside a user's seed text `SU…`; throws without repeating the text.
    static func decodeUserSeed(_ text: String) throws(NATSCredentialsError) -> [UInt8] {
        guard let raw = Base32.decode(text) else { throw .badSeed("it is not base32") }
        guard raw.count == 2 + Ed25519PrivateKey.seedLength + 2 else { throw .badSeed("it is not 58 letters long") }
        let body = Array(raw.dropLast(2))
        guard UInt16(raw[raw.count - 2]) | UInt16(raw[raw.count - 1]) << 8 == crc16(body) else {
            throw .badSeed("its checksum does not match (a mistyped or cut seed)")
        }
        guard raw[0] & 0xF8 == seedPrefix else { throw .badSeed("it is not a seed (a seed starts with S)") }
        let role = (raw[0] & 0x07) << 5 | (raw[1] & 0xF8) >> 3
        guard role == userPrefix else {
            throw .badSeed("it is the seed of \(roles[role] ?? "something other than a user"), not of a user (SU…)")
        }
        return Array(body.dropFirst(2))
    }

    /// The seed text `SU…` of a user's 32-byte seed.
    static func encodeUserSeed(_ seed: [UInt8]) -> String {
        let body = [seedPrefix | userPrefix >> 5, (userPrefix & 31) << 3] + seed
        return Base32.encode(withChecksum(body))
    }

    /// The public key text `U…` of a user's 32-byte Ed25519 public key.
    static func encodeUserPublicKey(_ key: [UInt8]) -> String {
        Base32.encode(withChecksum([userPrefix] + key))
    }

    private static func withChecksum(_ body: [UInt8]) -> [UInt8] {
        let crc = crc16(body)
        return body + [UInt8(truncatingIfNeeded: crc), UInt8(truncatingIfNeeded: crc >> 8)]
    }

    /// CRC-16/XMODEM: polynomial 0x1021, initial value 0, no reflection.
    static func crc16(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 {
                crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x1021 : crc << 1
            }
        }
        return crc
    }
}
