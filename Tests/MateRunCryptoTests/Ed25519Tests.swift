import MateRunCrypto
import Testing

/// RFC 8032 section 7.1, TEST 1 to 3: each seed gives the published public key and signature,
/// and the signature verifies; changing one bit of message or signature makes it fail.
@Suite struct Ed25519Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let secretKey: String
        let publicKey: String
        let message: String
        let signature: String
        var testDescription: String { name }
    }

    static let rfc8032: [Vector] = [
        Vector(
            name: "TEST 1",
            secretKey: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            message: "",
            signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        Vector(
            name: "TEST 2",
            secretKey: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            message: "72",
            signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        Vector(
            name: "TEST 3",
            secretKey: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            message: "af82",
            signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ]

    @Test(arguments: rfc8032)
    func aSeedGivesThePublishedPublicKeyAndSignature(_ vector: Vector) throws {
        let key = try Ed25519PrivateKey(seed: hex(vector.secretKey))

        #expect(key.publicKey.rawBytes == hex(vector.publicKey))
        #expect(try key.signature(for: hex(vector.message)) == hex(vector.signature))
    }

    @Test(arguments: rfc8032)
    func thePublishedSignatureVerifies(_ vector: Vector) throws {
        let publicKey = try Ed25519PublicKey(rawBytes: hex(vector.publicKey))

        #expect(try publicKey.isValidSignature(hex(vector.signature), for: hex(vector.message)))
    }

    @Test(arguments: rfc8032)
    func aTamperedMessageOrSignatureFails(_ vector: Vector) throws {
        let publicKey = try Ed25519PublicKey(rawBytes: hex(vector.publicKey))
        let message = hex(vector.message)
        let signature = hex(vector.signature)
        var otherSignature = signature
        otherSignature[10] ^= 0x01
        let otherMessage = message.isEmpty ? [0x00] : [message[0] ^ 0x80] + message.dropFirst()

        #expect(try !publicKey.isValidSignature(otherSignature, for: message))
        #expect(try !publicKey.isValidSignature(signature, for: otherMessage))
        #expect(try !publicKey.isValidSignature(Array(signature.dropLast()), for: message))
    }

    @Test func aSeedOfTheWrongSizeIsRefused() {
        #expect(throws: CryptoError.badLength(what: "an Ed25519 seed", expected: 32, got: 31)) {
            try Ed25519PrivateKey(seed: [UInt8](repeating: 7, count: 31))
        }
    }
}
