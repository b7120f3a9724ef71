import Foundation
import MateRunCrypto
import MateRunNATS
import Testing

/// NKEY seeds and `.creds` files read as the NATS tools write them. The fixture's seed, public
/// key and signature were made by PyPI `nkeys` (with PyNaCl, another Ed25519) from the seed
/// bytes 0, 1, …, 31; `matchesPyPINkeysLive` makes them again when `nkeys` is installed.
@Suite struct NATSUserCredentialsTests {
    static let seedBytes = (0..<32).map(UInt8.init)
    static let seed = "SUAAAAICAMCAKBQHBAEQUCYMBUHA6EARCIJRIFIWC4MBSGQ3DQOR4H776Y"
    static let publicKey = "UAB2CB576PHBBPQ5ODORRZ2LYCMWPZGWGCN2KDK7DXOIMZASKUY3RLKK"
    static let nonce = "Y5nOLmkbFRSJ5eU"
    static let nonceSignature = "-pnRRXCOy5UDifKEC2zt1518SISSnnHiuSeACvo5fwCBiXxwf_WGuKztP7mXqOB5YGyQ7nVYXEqlKOMiFlsvCA"

    @Test func aSeedFileGivesThePublicKeyAndNonceSignatureNkeysGives() throws {
        let user = try NATSUserCredentials(parsing: Self.seed + "\n")

        #expect(user.publicKey == Self.publicKey)
        #expect(user.jwt == nil)
        #expect(try user.signature(ofNonce: Self.nonce) == Self.nonceSignature)
    }

    @Test func seedBytesAreWrittenAsNkeysWritesThem() {
        #expect(NATSUserCredentials.seedText(of: Self.seedBytes) == Self.seed)
    }

    @Test func aCredsFileGivesItsJWTAndSeed() throws {
        let jwt = "eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.eyJzdWIiOiJVQUIyIn0.c2lnbmF0dXJl"
        let creds = """
            -----BEGIN NATS USER JWT-----
            \(jwt)
            ------END NATS USER JWT------

            ************************* IMPORTANT *************************
            NKEY Seed printed below can be used to sign and prove identity.
            NKEYs are sensitive and should be treated as secrets.

            -----BEGIN USER NKEY SEED-----
            \(Self.seed)
            ------END USER NKEY SEED------

            *************************************************************
            """

        let user = try NATSUserCredentials(parsing: creds)

        #expect(user.jwt == jwt)
        #expect(user.publicKey == Self.publicKey)
    }

    @Test func aMistypedSeedFailsItsChecksumWithoutQuotingIt() {
        var letters = Array(Self.seed)
        letters[20] = letters[20] == "A" ? "B" : "A"
        let mistyped = String(letters)

        #expect {
            try NATSUserCredentials(parsing: mistyped)
        } throws: { error in
            "\(error)".contains("checksum") && !"\(error)".contains(mistyped)
        }
    }

    @Test func anAccountSeedIsNotAUserSeed() {
        // nkeys.encode_seed(bytes([7] * 32), PREFIX_BYTE_ACCOUNT)
        let accountSeed = "SAAAOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOB6O4U"

        #expect(throws: NATSCredentialsError.badSeed("it is the seed of an account, not of a user (SU…)")) {
            try NATSUserCredentials(parsing: accountSeed)
        }
    }

    @Test(arguments: ["", "not base32 at all!", "SUAAAA", "-----BEGIN NATS USER JWT-----\na.b.c\n------END NATS USER JWT------\n"])
    func textWithoutAUsableSeedIsRefused(_ text: String) {
        #expect(throws: NATSCredentialsError.self) { try NATSUserCredentials(parsing: text) }
    }

    @Test(.enabled(if: PyPINkeys.available, "python3 with PyPI nkeys is not installed (pip install nkeys)"))
    func matchesPyPINkeysLive() throws {
        let seedBytes = try SecureRandom.bytes(count: 32)
        let user = try NATSUserCredentials(parsing: NATSUserCredentials.seedText(of: seedBytes))
        let nonce = NATSClient.randomToken()

        let answer = try PyPINkeys.run(
            """
            import base64, nkeys, sys
            seed = nkeys.encode_seed(bytes.fromhex(sys.argv[1]), nkeys.PREFIX_BYTE_USER)
            pair = nkeys.from_seed(bytearray(seed))
            print(seed.decode(), pair.public_key.decode(), base64.urlsafe_b64encode(pair.sign(sys.argv[2].encode())).rstrip(b'=').decode())
            """, arguments: [seedBytes.map { String(format: "%02x", $0) }.joined(), nonce])

        #expect(answer == "\(NATSUserCredentials.seedText(of: seedBytes)) \(user.publicKey) \(try user.signature(ofNonce: nonce))")
    }
}

/// PyPI `nkeys`, the NATS maintainers' Python NKEY library, run as a reference when installed.
enum PyPINkeys {
    static let available: Bool = (try? run("import nkeys; print('ok')")) == "ok"

    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
