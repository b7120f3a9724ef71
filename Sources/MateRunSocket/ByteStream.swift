import Glibc

/// What carries a connection's bytes over its socket: the socket itself (`PlainByteStream`), or
/// a session on top of it that encrypts (TLS). `TCPConnection` reads and writes only through
/// it, so that its service on the poller, outbox and framing are the same whatever the stream is.
///
/// A connection calls every method under its one lock, never two at once: a TLS session, which
/// must not read and write at the same time, needs no lock of its own.
package protocol ByteStream: Sendable {
    /// The socket to poll for readiness.
    var descriptor: Int32 { get }
    /// Reads what is there, without blocking; `.bytes(0)` is the peer's end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamResult
    /// Writes what the socket takes now, without blocking.
    func write(_ bytes: UnsafeRawBufferPointer) -> ByteStreamResult
    /// Whether bytes were already taken from the socket and wait to be read (a decrypted
    /// record), which `poll` cannot announce.
    var hasBufferedInput: Bool { get }
    /// Ends the sending side: the peer reads what was sent, then the end of the stream.
    func shutdownWrite()
    /// Releases the stream and closes its socket.
    func close()
}

/// What one read or write of a `ByteStream` did.
package enum ByteStreamResult: Sendable, Equatable {
    /// This many bytes moved (0 from a read: the peer ended the stream).
    case bytes(Int)
    /// Nothing can move now; try again once the socket is readable, or writable when
    /// `needsWritable` (a TLS session that must send before it can read).
    case wouldBlock(needsWritable: Bool)
    /// The stream is broken: the system's or the TLS library's words, and the `errno` if any.
    case failed(detail: String, code: Int32?)
}

/// The socket's bytes as they are: `recv` and `send`.
package struct PlainByteStream: ByteStream {
    package let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamResult {
        while true {
            let received = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if received >= 0 { return .bytes(received) }
            if let result = Self.retryOrFailure(errno) { return result }
        }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) -> ByteStreamResult {
        while true {
            let written = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if written >= 0 { return .bytes(written) }
            if let result = Self.retryOrFailure(errno) { return result }
        }
    }

    package var hasBufferedInput: Bool { false }

    package func shutdownWrite() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    package func close() {
        _ = Glibc.close(descriptor)
    }

    /// nil to retry at once (EINTR), `wouldBlock` for a full or empty socket, else the failure.
    private static func retryOrFailure(_ code: Int32) -> ByteStreamResult? {
        if code == EINTR { return nil }
        if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock(needsWritable: false) }
        return .failed(detail: SocketError.system(code, "").detail, code: code)
    }
}
