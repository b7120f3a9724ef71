import Glibc

/// The few per-socket settings materun relies on, applied in one place.
enum SocketOptions {
    /// Ignores SIGPIPE for the whole process, once: a peer that vanishes mid-write must give
    /// an EPIPE error, not kill us. (`MSG_NOSIGNAL` on every send covers sockets too.)
    static let ignoreBrokenPipe: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    static func setNonBlocking(_ fd: Int32, operation: String) throws(SocketError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .lastError(operation) }
    }

    static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// Sends small frames at once instead of waiting to coalesce them (Nagle).
    static func setNoDelay(_ fd: Int32, operation: String) throws(SocketError) {
        try setFlag(fd, level: Int32(IPPROTO_TCP), option: TCP_NODELAY, operation: operation)
    }

    static func setReuseAddress(_ fd: Int32, operation: String) throws(SocketError) {
        try setFlag(fd, level: SOL_SOCKET, option: SO_REUSEADDR, operation: operation)
    }

    private static func setFlag(_ fd: Int32, level: Int32, option: Int32, operation: String) throws(SocketError) {
        var on: Int32 = 1
        guard setsockopt(fd, level, option, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .lastError(operation)
        }
    }

    /// The pending error of a socket (after a non-blocking connect), 0 when none.
    static func pendingError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }

    /// Milliseconds for `poll`, rounded up so that a wait never ends just before its deadline.
    static func pollMilliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
