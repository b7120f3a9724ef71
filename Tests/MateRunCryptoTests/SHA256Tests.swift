import MateRunCrypto
import Testing

/// FIPS 180-2's examples (appendix B.1) and the digest of nothing.
@Suite struct SHA256Tests {
    @Test func theDigestOfABCIsFIPS180Example() throws {
        #expect(try SHA256.digest(Array("abc".utf8)) == hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    }

    @Test func theDigestOfTwoBlocksIsFIPS180Example() throws {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(try SHA256.digest(message) == hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
    }

    @Test func theDigestOfNothing() throws {
        #expect(try SHA256.digest([]) == hex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
    }
}

/// Random bytes come in the size asked, and two draws differ.
@Suite struct SecureRandomTests {
    @Test func twoDrawsOf32BytesDiffer() throws {
        let first = try SecureRandom.bytes(count: 32)
        let second = try SecureRandom.bytes(count: 32)

        #expect(first.count == 32 && second.count == 32)
        #expect(first != second)
    }
}

/// A machine without OpenSSL gets a typed error naming the library when a feature loads it.
@Suite struct LibraryLoadingTests {
    @Test func aMissingLibraryIsATypedErrorNamingIt() {
        #expect {
            try LibCrypto(libraryName: "libmaterun-no-such-crypto.so.3")
        } throws: { error in
            guard case CryptoError.libraryUnavailable(let library, _) = error else { return false }
            return library == "libmaterun-no-such-crypto.so.3" && "\(error)".contains("cannot load libmaterun-no-such-crypto.so.3")
        }
    }
}
