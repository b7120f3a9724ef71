/// The functions of OpenSSL 3's libcrypto this program calls, looked up once, on first use.
///
/// Every pointer is an `OpaquePointer` (EVP_PKEY, EVP_MD_CTX, ENGINE): the program never looks
/// inside OpenSSL's structures. `size_t` is `Int` on the 64-bit platforms Swift runs on.
package struct LibCrypto: @unchecked Sendable {
    typealias NewRawKey = @convention(c) (Int32, OpaquePointer?, UnsafePointer<UInt8>?, Int) -> OpaquePointer?
    typealias GetRawKey = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32
    typealias FreeKey = @convention(c) (OpaquePointer?) -> Void
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    typealias DigestInit = @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?
    ) -> Int32
    typealias DigestSign = @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafePointer<UInt8>?, Int
    ) -> Int32
    typealias DigestVerify = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32
    typealias SHA256Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?
    typealias MessageDigest = @convention(c) () -> OpaquePointer?
    typealias HMACFunction = @convention(c) (
        OpaquePointer?, UnsafeRawPointer?, Int32, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?
    ) -> UnsafeMutablePointer<UInt8>?
    typealias RandomBytes = @convention(c) (UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias ErrorGet = @convention(c) () -> UInt
    typealias ErrorString = @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void

    /// `EVP_PKEY_ED25519` (= `NID_ED25519`).
    static let ed25519KeyType: Int32 = 1087

    let newRawPrivateKey: NewRawKey
    let newRawPublicKey: NewRawKey
    let getRawPublicKey: GetRawKey
    let freeKey: FreeKey
    let newDigestContext: NewContext
    let freeDigestContext: FreeContext
    let digestSignInit: DigestInit
    let digestSign: DigestSign
    let digestVerifyInit: DigestInit
    let digestVerify: DigestVerify
    let sha256: SHA256Function
    let sha256Digest: MessageDigest
    let hmac: HMACFunction
    let randomBytes: RandomBytes
    let errorGet: ErrorGet
    let errorString: ErrorString

    /// Loads the functions from `libraryName`; the tests name a library that does not exist to
    /// see the error a machine without OpenSSL gets.
    package init(libraryName: String = "libcrypto.so.3") throws(CryptoError) {
        let library = try SharedLibrary(opening: libraryName)
        newRawPrivateKey = try library.function("EVP_PKEY_new_raw_private_key", as: NewRawKey.self)
        newRawPublicKey = try library.function("EVP_PKEY_new_raw_public_key", as: NewRawKey.self)
        getRawPublicKey = try library.function("EVP_PKEY_get_raw_public_key", as: GetRawKey.self)
        freeKey = try library.function("EVP_PKEY_free", as: FreeKey.self)
        newDigestContext = try library.function("EVP_MD_CTX_new", as: NewContext.self)
        freeDigestContext = try library.function("EVP_MD_CTX_free", as: FreeContext.self)
        digestSignInit = try library.function("EVP_DigestSignInit", as: DigestInit.self)
        digestSign = try library.function("EVP_DigestSign", as: DigestSign.self)
        digestVerifyInit = try library.function("EVP_DigestVerifyInit", as: DigestInit.self)
        digestVerify = try library.function("EVP_DigestVerify", as: DigestVerify.self)
        sha256 = try library.function("SHA256", as: SHA256Function.self)
        sha256Digest = try library.function("EVP_sha256", as: MessageDigest.self)
        hmac = try library.function("HMAC", as: HMACFunction.self)
        randomBytes = try library.function("RAND_bytes", as: RandomBytes.self)
        errorGet = try library.function("ERR_get_error", as: ErrorGet.self)
        errorString = try library.function("ERR_error_string_n", as: ErrorString.self)
    }

    /// The process's libcrypto, loaded the first time any caller asks (never at start-up).
    private static let loaded = Result { () throws(CryptoError) -> LibCrypto in try LibCrypto() }

    /// The loaded library, or why it could not be loaded.
    package static func shared() throws(CryptoError) -> LibCrypto {
        try loaded.get()
    }

    /// Empties OpenSSL's error queue of this thread into one line ("" when it is empty), so
    /// that a failure says what OpenSSL said and the next call starts clean.
    package func drainErrors() -> String {
        var messages: [String] = []
        var code = errorGet()
        while code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            errorString(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            code = errorGet()
        }
        return messages.joined(separator: "; ")
    }

    /// `operationFailed` for `operation`, with what OpenSSL said.
    func failure(_ operation: String) -> CryptoError {
        .operationFailed(operation: operation, detail: drainErrors())
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a pointer that is never nil, even for an empty array (OpenSSL wants a
    /// pointer next to a length of 0).
    func withNonNilBytes<R, E: Error>(_ body: (UnsafePointer<UInt8>, Int) throws(E) -> R) throws(E) -> R {
        let storage = isEmpty ? [0] : self
        let count = self.count
        return try storage.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try body(buffer.baseAddress!, count)
        }
    }
}
