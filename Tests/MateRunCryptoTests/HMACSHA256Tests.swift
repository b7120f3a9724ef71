import MateRunCrypto
import Testing

/// RFC 4231's HMAC-SHA-256 test cases, and a tag checked against the wrong key.
@Suite struct HMACSHA256Tests {
    @Test func rfc4231TestCase1() throws {
        let key = [UInt8](repeating: 0x0b, count: 20)
        #expect(
            try HMACSHA256.authenticationCode(key: key, message: Array("Hi There".utf8))
                == hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
    }

    @Test func rfc4231TestCase2WithAShortKey() throws {
        let tag = try HMACSHA256.authenticationCode(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(tag == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    @Test func rfc4231TestCase6WithAKeyLongerThanABlock() throws {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        #expect(
            try HMACSHA256.authenticationCode(key: key, message: message)
                == hex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"))
    }

    @Test func aTagIsValidOnlyUnderItsOwnKeyAndMessage() throws {
        let tag = try HMACSHA256.authenticationCode(key: Array("k2x9q0wm4abc".utf8), message: Array("hello".utf8))
        #expect(try HMACSHA256.isValid(tag, key: Array("k2x9q0wm4abc".utf8), message: Array("hello".utf8)))
        #expect(try !HMACSHA256.isValid(tag, key: Array("k2x9q0wm4abd".utf8), message: Array("hello".utf8)))
        #expect(try !HMACSHA256.isValid(tag, key: Array("k2x9q0wm4abc".utf8), message: Array("hellp".utf8)))
        #expect(try !HMACSHA256.isValid(Array(tag.dropLast()), key: Array("k2x9q0wm4abc".utf8), message: Array("hello".utf8)))
    }
}
