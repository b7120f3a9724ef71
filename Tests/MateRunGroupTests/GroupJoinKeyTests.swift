import MateRunCrypto
@testable import MateRunGroup
import Testing

/// The join key derived from S (PROTOCOL.md 11.2): the same key as PyNaCl derives from the
/// documented seed, and a proof that checks only for its own join and secret.
@Suite struct GroupJoinKeyTests {
    @Test func theJoinKeyAndItsProofAreThoseAnIndependentEd25519MakesFromTheDocumentedSeed() throws {
        // Given S, when its join key signs a join, then the public key and the proof are the
        // ones PyNaCl gave for SigningKey(SHA-256("materun join key" + S)) and the same input.
        let joinKey = try GroupJoinKey(secret: "k2x9q0wm4abc")
        #expect(Base64URL.encode(joinKey.publicKey.rawBytes) == "esM_-AUKManj9AFihE1dDYuCy6ZSA3_Y4_HBB_7Fci0")
        #expect(
            Base64URL.encode(try joinKey.proof(watch: "w", key: "K", name: "Ann"))
                == "JyagVg92VIbRHPtnYPeTM09Y-97YAJyQYL0NxidEve97bw0CDRIWNxPWS8dN-Cim95RKDUTxd8J39hCZRQtKAA")
    }

    @Test func aProofChecksWithThePublicHalfOnlyForItsOwnJoinAndSecret() throws {
        let joinKey = try GroupJoinKey(secret: "k2x9q0wm4abc")
        let proof = try joinKey.proof(watch: "w", key: "K", name: "Ann")
        #expect(GroupJoinKey.isValid(proof, publicKey: joinKey.publicKey, watch: "w", key: "K", name: "Ann"))
        // Another name, another runner's key, another group, or another secret's key: refused.
        #expect(!GroupJoinKey.isValid(proof, publicKey: joinKey.publicKey, watch: "w", key: "K", name: "Bob"))
        #expect(!GroupJoinKey.isValid(proof, publicKey: joinKey.publicKey, watch: "w", key: "L", name: "Ann"))
        #expect(!GroupJoinKey.isValid(proof, publicKey: joinKey.publicKey, watch: "v", key: "K", name: "Ann"))
        let other = try GroupJoinKey(secret: "k2x9q0wm4abd")
        #expect(!GroupJoinKey.isValid(proof, publicKey: other.publicKey, watch: "w", key: "K", name: "Ann"))
    }

    @Test func aProofThatIsNotASignatureIsRefusedWithoutACrash() throws {
        let joinKey = try GroupJoinKey(secret: "k2x9q0wm4abc")
        #expect(!GroupJoinKey.isValid([1, 2, 3], publicKey: joinKey.publicKey, watch: "w", key: "K", name: "Ann"))
    }
}
