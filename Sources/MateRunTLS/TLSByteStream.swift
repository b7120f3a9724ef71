import Glibc
import MateRunSocket

/// A connection's bytes through an OpenSSL session after its handshake: what `TCPConnection`
/// reads and writes when the connection is encrypted.
///
/// The connection calls it under its one lock only, as `ByteStream` promises, so the session
/// is never read and written at once (which OpenSSL forbids); hence `@unchecked Sendable`.
package final class TLSByteStream: ByteStream, @unchecked Sendable {
    private let ssl: LibSSL
    private let session: OpaquePointer
    private let socket: PlainByteStream
    private var closed = false

    init(ssl: LibSSL, session: OpaquePointer, socket: PlainByteStream) {
        self.ssl = ssl
        self.session = session
        self.socket = socket
    }

    package var descriptor: Int32 { socket.descriptor }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamResult {
        guard !closed else { return .bytes(0) }
        ssl.clearErrors()
        let status = ssl.read(session, buffer.baseAddress, Int32(clamping: buffer.count))
        return status > 0 ? .bytes(Int(status)) : outcome(of: status, reading: true)
    }

    package func write(_ bytes: UnsafeRawBufferPointer) -> ByteStreamResult {
        guard !closed else { return .failed(detail: "the TLS session is closed", code: nil) }
        guard !bytes.isEmpty else { return .bytes(0) }
        ssl.clearErrors()
        let status = ssl.write(session, bytes.baseAddress, Int32(clamping: bytes.count))
        return status > 0 ? .bytes(Int(status)) : outcome(of: status, reading: false)
    }

    package var hasBufferedInput: Bool {
        !closed && ssl.pending(session) > 0
    }

    /// Sends TLS's close_notify (as far as the socket takes it now), then ends the sending side.
    package func shutdownWrite() {
        guard !closed else { return }
        _ = ssl.shutdown(session)
        ssl.clearErrors()
        socket.shutdownWrite()
    }

    package func close() {
        guard !closed else { return }
        closed = true
        ssl.freeSession(session)
        socket.close()
    }

    /// What a read or write that moved nothing means.
    private func outcome(of status: Int32, reading: Bool) -> ByteStreamResult {
        let error = ssl.getError(session, status)
        switch error {
        case LibSSL.errorWantRead: return .wouldBlock(needsWritable: false)
        case LibSSL.errorWantWrite: return .wouldBlock(needsWritable: reading)
        // The peer ended the TLS session (close_notify): the end of what is read, and a write
        // that can never go (were it `.bytes(0)`, a writer looping until done would spin).
        case LibSSL.errorZeroReturn: return reading ? .bytes(0) : .failed(detail: "the peer ended the TLS session", code: nil)
        case LibSSL.errorSyscall:
            let code = errno
            let queue = ssl.drainErrors()
            if !queue.isEmpty { return .failed(detail: "TLS: \(queue)", code: nil) }
            // No error at all: the peer closed the socket without TLS's close_notify.
            if code == 0 { return reading ? .bytes(0) : .failed(detail: "the peer closed the connection", code: nil) }
            let text = String(cString: strerror(code))
            return .failed(detail: text.prefix(1).lowercased() + text.dropFirst(), code: code)
        default:
            let queue = ssl.drainErrors()
            return .failed(detail: "TLS: \(queue.isEmpty ? "error \(error)" : queue)", code: nil)
        }
    }
}
