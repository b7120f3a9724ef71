import MateRunCrypto

/// How every instance of a group service comes to sign as the same coordinator of a group: the
/// group's key is derived from the service's secret, which all instances share and nothing on
/// the server holds, and a nonce kept in the group's record. Seed = HMAC-SHA256(secret,
/// "materun group " ‖ nonce) (PROTOCOL.md section 11.10). Whoever reads the record learns the
/// nonce and nothing that signs.
package enum GroupServiceKey {
    /// The fewest bytes a service's secret has.
    package static let minimumSecretBytes = 32

    /// The group key of `nonce` under `secret`.
    package static func signer(secret: [UInt8], nonce: String) throws(CryptoError) -> GroupSigner {
        try GroupSigner(seed: HMACSHA256.authenticationCode(key: secret, message: Array("materun group \(nonce)".utf8)))
    }

    /// A new nonce: 128 random bits in lowercase base32.
    package static func newNonce() throws(CryptoError) -> String {
        Base32.encode(try SecureRandom.bytes(count: 16), alphabet: Base32.lowerCase)
    }
}

/// Where a group service keeps and hears what it does (PROTOCOL.md section 11.10).
package enum GroupServiceNames {
    /// Creators ask for a group here; the instances share the requests in `queue`.
    package static let createSubject = "materun.service.groups.create"
    package static let queue = "materun-serve"
    /// The service's name in the NATS service discovery (`$SRV.*`).
    package static let serviceName = "materun-groups"
    /// The bucket of the groups being run: `W` holds the record, `W.state` the state, `W.lease`
    /// the lease of the instance holding the group.
    package static let bucket = "materun-groups"

    package static func stateKey(_ watch: String) -> String { watch + ".state" }
    package static func leaseKey(_ watch: String) -> String { watch + ".lease" }
    /// What a group's record and state are signed for.
    package static func recordContext(_ watch: String) -> String { "materun.group.\(watch).record" }
    package static func stateContext(_ watch: String) -> String { "materun.group.\(watch).state" }
}
