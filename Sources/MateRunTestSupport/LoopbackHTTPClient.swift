import Foundation
import Glibc

/// A plain blocking HTTP client on loopback for tests of the live page, with a bound on every
/// wait: it sends what it is given and reads what comes, nothing more. `@unchecked Sendable`: a
/// test uses it from one task at a time, and a read hands it to a thread only until it returns.
package final class LoopbackHTTPClient: @unchecked Sendable {
    private let fd: Int32

    package init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Reads until `done` holds for what came, the peer closes, or 5 s pass without a byte; on a
    /// thread of its own, since a blocking read on the concurrency pool (two threads here) would
    /// starve every other test's tasks.
    package func read(until done: @escaping @Sendable (String) -> Bool = { _ in false }) async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: readBlocking(until: done)) }
            thread.start()
        }
    }

    private func readBlocking(until done: (String) -> Bool) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(String(decoding: received, as: UTF8.self)) {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

