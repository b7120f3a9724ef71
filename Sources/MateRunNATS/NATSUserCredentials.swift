import MateRunCrypto

/// A NATS user who proves who they are by key, not password: an NKEY (Ed25519) seed, and the
/// user JWT when it came from a `.creds` file. The server's `INFO` carries a nonce; the CONNECT
/// answers with the public key, the nonce's signature and the JWT.
package struct NATSUserCredentials: Sendable {
    package let key: Ed25519PrivateKey
    /// The user JWT of a `.creds` file (decentralised auth); nil for a bare NKEY.
    package let jwt: String?

    /// The public key as the server's configuration names the user: `U…`.
    package var publicKey: String { NATSNKey.encodeUserPublicKey(key.publicKey.rawBytes) }

    package init(key: Ed25519PrivateKey, jwt: String? = nil) {
        self.key = key
        self.jwt = jwt
    }

    /// Reads a `.creds` file's text (JWT and seed between their `-----BEGIN …-----` lines), or a
    /// seed file holding only `SU…`. Throws without quoting the secret.
    package init(parsing text: String) throws(NATSCredentialsError) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
        let seedText: String
        var jwt: String?
        if lines.contains(where: { $0.hasPrefix("---") }) {
            guard let seed = Self.section(named: "USER NKEY SEED", in: lines) else { throw .noSeed }
            seedText = seed
            if lines.contains(where: { $0.hasPrefix("---") && $0.contains("BEGIN NATS USER JWT") }) {
                guard let token = Self.section(named: "NATS USER JWT", in: lines) else { throw .badJWT("it is empty") }
                guard token.split(separator: ".").count == 3 else { throw .badJWT("it is not three dot-separated parts") }
                jwt = token
            }
        } else {
            let words = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("//") }
            guard let first = words.first else { throw .noSeed }
            guard words.count == 1 else { throw .badSeed("the file holds more than one line") }
            seedText = first
        }
        let seed = try NATSNKey.decodeUserSeed(seedText)
        do {
            key = try Ed25519PrivateKey(seed: seed)
        } catch {
            throw .cryptography("\(error)")
        }
        self.jwt = jwt
    }

    /// The user of a 32-byte seed, as its seed text `SU…` (to write a seed file).
    package static func seedText(of seed: [UInt8]) -> String {
        NATSNKey.encodeUserSeed(seed)
    }

    /// The CONNECT's `sig`: base64url without padding of the Ed25519 signature of the nonce's bytes.
    package func signature(ofNonce nonce: String) throws(NATSCredentialsError) -> String {
        do {
            return Base64URL.encode(try key.signature(for: Array(nonce.utf8)))
        } catch {
            throw .cryptography("\(error)")
        }
    }

    /// The one non-empty line between `-----BEGIN <name>-----` and the dashed line after it.
    private static func section(named name: String, in lines: [String]) -> String? {
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("---") && $0.contains("BEGIN \(name)") }) else { return nil }
        let body = lines[(begin + 1)...].prefix { !$0.hasPrefix("---") }.filter { !$0.isEmpty }
        guard body.count == 1 else { return nil }
        return body.first
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
