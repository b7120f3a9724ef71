import MateRunCrypto

/// The functions of OpenSSL 3's libssl this program calls (and the few of libcrypto that say
/// why a certificate was refused), looked up once, on first use. Pointers to OpenSSL's objects
/// (SSL_CTX, SSL, SSL_METHOD) are opaque; C's `long` is `Int` on the 64-bit platforms Swift runs on.
struct LibSSL: @unchecked Sendable {
    typealias Method = @convention(c) () -> OpaquePointer?
    typealias NewContext = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias ContextStatus = @convention(c) (OpaquePointer?) -> Int32
    typealias LoadVerifyLocations = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    typealias UseFile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias UseTypedFile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    typealias SetVerify = @convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Void
    typealias Control = @convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    typealias SetDescriptor = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias SetHost = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias GetError = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias VerifyResult = @convention(c) (OpaquePointer?) -> Int
    typealias Read = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    typealias VerifyErrorString = @convention(c) (Int) -> UnsafePointer<CChar>?
    typealias ClearErrors = @convention(c) () -> Void

    // Constants from ssl.h and x509_vfy.h (macros in C, so spelled here).
    static let verifyPeer: Int32 = 1  // SSL_VERIFY_PEER
    static let fileTypePEM: Int32 = 1  // SSL_FILETYPE_PEM
    static let controlMode: Int32 = 33  // SSL_CTRL_MODE
    /// SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER: a write may take part
    /// of the bytes, and the rest is retried from wherever the outbox holds them.
    static let partialWritesFromAnyBuffer = 1 | 2
    static let controlSetHostName: Int32 = 55  // SSL_CTRL_SET_TLSEXT_HOSTNAME
    static let hostNameType = 0  // TLSEXT_NAMETYPE_host_name
    static let errorSSL: Int32 = 1, errorWantRead: Int32 = 2, errorWantWrite: Int32 = 3
    static let errorSyscall: Int32 = 5, errorZeroReturn: Int32 = 6
    static let verifiedOK = 0  // X509_V_OK

    let clientMethod: Method
    let newContext: NewContext
    let freeContext: Free
    let setDefaultVerifyPaths: ContextStatus
    let loadVerifyLocations: LoadVerifyLocations
    let useCertificateChainFile: UseFile
    let usePrivateKeyFile: UseTypedFile
    let checkPrivateKey: ContextStatus
    let setVerify: SetVerify
    let contextControl: Control
    let newSession: NewContext
    let freeSession: Free
    let setDescriptor: SetDescriptor
    let control: Control
    let setHost: SetHost
    let connect: ContextStatus
    let getError: GetError
    let verifyResult: VerifyResult
    let read: Read
    let write: Write
    let pending: ContextStatus
    let shutdown: ContextStatus
    let verifyErrorString: VerifyErrorString
    let clearErrors: ClearErrors
    let crypto: LibCrypto

    init(libraryName: String = "libssl.so.3") throws(CryptoError) {
        crypto = try LibCrypto.shared()
        let ssl = try SharedLibrary(opening: libraryName)
        clientMethod = try ssl.function("TLS_client_method", as: Method.self)
        newContext = try ssl.function("SSL_CTX_new", as: NewContext.self)
        freeContext = try ssl.function("SSL_CTX_free", as: Free.self)
        setDefaultVerifyPaths = try ssl.function("SSL_CTX_set_default_verify_paths", as: ContextStatus.self)
        loadVerifyLocations = try ssl.function("SSL_CTX_load_verify_locations", as: LoadVerifyLocations.self)
        useCertificateChainFile = try ssl.function("SSL_CTX_use_certificate_chain_file", as: UseFile.self)
        usePrivateKeyFile = try ssl.function("SSL_CTX_use_PrivateKey_file", as: UseTypedFile.self)
        checkPrivateKey = try ssl.function("SSL_CTX_check_private_key", as: ContextStatus.self)
        setVerify = try ssl.function("SSL_CTX_set_verify", as: SetVerify.self)
        contextControl = try ssl.function("SSL_CTX_ctrl", as: Control.self)
        newSession = try ssl.function("SSL_new", as: NewContext.self)
        freeSession = try ssl.function("SSL_free", as: Free.self)
        setDescriptor = try ssl.function("SSL_set_fd", as: SetDescriptor.self)
        control = try ssl.function("SSL_ctrl", as: Control.self)
        setHost = try ssl.function("SSL_set1_host", as: SetHost.self)
        connect = try ssl.function("SSL_connect", as: ContextStatus.self)
        getError = try ssl.function("SSL_get_error", as: GetError.self)
        verifyResult = try ssl.function("SSL_get_verify_result", as: VerifyResult.self)
        read = try ssl.function("SSL_read", as: Read.self)
        write = try ssl.function("SSL_write", as: Write.self)
        pending = try ssl.function("SSL_pending", as: ContextStatus.self)
        shutdown = try ssl.function("SSL_shutdown", as: ContextStatus.self)
        let libcrypto = try SharedLibrary(opening: "libcrypto.so.3")
        verifyErrorString = try libcrypto.function("X509_verify_cert_error_string", as: VerifyErrorString.self)
        clearErrors = try libcrypto.function("ERR_clear_error", as: ClearErrors.self)
    }

    private static let loaded = Result { () throws(CryptoError) -> LibSSL in try LibSSL() }

    /// The process's libssl, loaded the first time TLS is used (never at start-up).
    static func shared() throws(CryptoError) -> LibSSL {
        try loaded.get()
    }

    /// What OpenSSL's error queue of this thread says, emptied.
    func drainErrors() -> String {
        crypto.drainErrors()
    }
}
