import Glibc
import MateRunSocket

/// An OpenSSL client context (SSL_CTX) made once from a `TLSClientConfiguration`, from which
/// each connection's session shakes hands: the server's certificate is verified against the CA
/// file or the system's store, and its name against the host dialled.
///
/// OpenSSL lets threads make sessions from one context at once; the context is not changed
/// after `init`, hence `@unchecked Sendable`.
package final class TLSClientContext: @unchecked Sendable {
    private let ssl: LibSSL
    private let context: OpaquePointer

    package init(_ configuration: TLSClientConfiguration) throws(TLSError) {
        do {
            ssl = try LibSSL.shared()
        } catch {
            throw .library("\(error)")
        }
        guard (configuration.certificateFile == nil) == (configuration.keyFile == nil) else {
            throw .configuration("a client certificate needs its key, and a key its certificate")
        }
        ssl.clearErrors()
        guard let context = ssl.newContext(ssl.clientMethod()) else {
            throw .configuration("SSL_CTX_new failed: \(ssl.drainErrors())")
        }
        self.context = context
        ssl.setVerify(context, LibSSL.verifyPeer, nil)
        _ = ssl.contextControl(context, LibSSL.controlMode, LibSSL.partialWritesFromAnyBuffer, nil)
        if let caFile = configuration.caFile {
            guard ssl.loadVerifyLocations(context, caFile, nil) == 1 else {
                throw .configuration("cannot use the CA file \(caFile): \(ssl.drainErrors())")
            }
        } else {
            guard ssl.setDefaultVerifyPaths(context) == 1 else {
                throw .configuration("cannot use the system's CA store: \(ssl.drainErrors())")
            }
        }
        if let certificateFile = configuration.certificateFile, let keyFile = configuration.keyFile {
            guard ssl.useCertificateChainFile(context, certificateFile) == 1 else {
                throw .configuration("cannot use the certificate file \(certificateFile): \(ssl.drainErrors())")
            }
            guard ssl.usePrivateKeyFile(context, keyFile, LibSSL.fileTypePEM) == 1 else {
                throw .configuration("cannot use the key file \(keyFile): \(ssl.drainErrors())")
            }
            guard ssl.checkPrivateKey(context) == 1 else {
                throw .configuration("the key in \(keyFile) is not the key of the certificate in \(certificateFile)")
            }
        }
    }

    deinit {
        ssl.freeContext(context)
    }

    /// Shakes hands over `socket` with the server named `host` (sent as SNI unless it is an
    /// address, and checked against the certificate); returns the stream that carries the
    /// connection from now on. Waits are bounded by the socket's deadline.
    package func handshake(on socket: BlockingSocket, host: String) throws -> TLSByteStream {
        let server = socket.remote.description
        ssl.clearErrors()
        guard let session = ssl.newSession(context) else { throw TLSError.handshake(server: server, detail: ssl.drainErrors()) }
        var done = false
        defer { if !done { ssl.freeSession(session) } }
        guard ssl.setDescriptor(session, socket.descriptor) == 1, ssl.setHost(session, host) == 1 else {
            throw TLSError.handshake(server: server, detail: ssl.drainErrors())
        }
        if !Self.isAddress(host) {
            let named = host.withCString { ssl.control(session, LibSSL.controlSetHostName, LibSSL.hostNameType, UnsafeMutableRawPointer(mutating: $0)) }
            guard named == 1 else { throw TLSError.handshake(server: server, detail: "cannot send the name \(host): \(ssl.drainErrors())") }
        }
        while true {
            ssl.clearErrors()
            let status = ssl.connect(session)
            if status == 1 { break }
            let error = ssl.getError(session, status)
            switch error {
            case LibSSL.errorWantRead: try socket.wait(for: "the TLS handshake")
            case LibSSL.errorWantWrite: try socket.wait(writable: true, for: "the TLS handshake")
            default: throw failure(of: session, error: error, server: server)
            }
        }
        done = true
        return TLSByteStream(ssl: ssl, session: session, socket: socket.plain)
    }

    /// Why the handshake failed: the certificate's verification first, as that is what a person fixes.
    private func failure(of session: OpaquePointer, error: Int32, server: String) -> TLSError {
        let queue = ssl.drainErrors()
        let verification = ssl.verifyResult(session)
        if verification != LibSSL.verifiedOK {
            let reason = ssl.verifyErrorString(verification).map { String(cString: $0) } ?? "error \(verification)"
            return .certificateRefused(server: server, reason: "\(reason) (certificate verify failed)")
        }
        if error == LibSSL.errorSyscall || error == LibSSL.errorZeroReturn, queue.isEmpty {
            return .handshake(server: server, detail: "the server closed the connection (does it speak TLS?)")
        }
        return .handshake(server: server, detail: queue.isEmpty ? "SSL error \(error)" : queue)
    }

    /// Whether `host` is a numeric IPv4 or IPv6 address (not sent as SNI, which names hosts only).
    private static func isAddress(_ host: String) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &bytes) == 1 || inet_pton(AF_INET6, host, &bytes) == 1
    }
}
