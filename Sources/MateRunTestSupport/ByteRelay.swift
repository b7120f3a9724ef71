import Foundation
import Glibc
import Synchronization

/// A raw-byte TCP relay on 127.0.0.1 between a joiner (a `materun join`, or a `MateJoiner`) and its
/// host, that a test can `cut()` to drop the connection in the middle of a run, the way a flaky
/// network would, or `close()` so that the host is gone for good. The one relay of the tests.
///
/// Plain Glibc sockets on dedicated threads (blocking reads and writes never tie up the Swift
/// concurrency pool): one thread accepts, two per relayed connection copy bytes, one each way. A
/// half-close is passed on, so a graceful goodbye crosses the relay intact.
package final class ByteRelay: Sendable {
    /// The port the relay listens on, on 127.0.0.1.
    package let port: UInt16
    private let targetPort: UInt16
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var pairs: [Pair] = []
        var accepted = 0
        var closed = false
    }

    /// One relayed connection: the client's socket and ours to the target. Only the second of its
    /// two copying threads to finish closes the descriptors, so that no descriptor is closed
    /// while another thread may still use it.
    private final class Pair: Sendable {
        let client: Int32
        let server: Int32
        private let running = Mutex(2)

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }

        /// Wakes both copying threads: each side sees the connection end (a FIN).
        func shutDown() {
            _ = Glibc.shutdown(client, Int32(SHUT_RDWR))
            _ = Glibc.shutdown(server, Int32(SHUT_RDWR))
        }

        /// Called by each copying thread when it is done; true for the last one.
        func copierFinished() -> Bool {
            running.withLock { count in
                count -= 1
                return count == 0
            }
        }
    }

    /// Starts relaying to `127.0.0.1:targetPort`. Call `close()` when done: the accept thread
    /// runs until then.
    package init(toPort targetPort: UInt16) throws {
        self.targetPort = targetPort
        listener = try Self.listeningSocket()
        port = try Self.localPort(of: listener)
        let relay = self
        Thread.detachNewThread { relay.acceptLoop() }
    }

    /// How many connections the relay has accepted so far (a reconnect makes a second one).
    package var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Drops every connection being relayed; both ends see it end. New connections are still
    /// accepted and relayed.
    package func cut() {
        // Under the lock: a pair's descriptors are closed only after it has left the list.
        state.withLock { state in
            state.pairs.forEach { $0.shutDown() }
            state.pairs.removeAll()
        }
    }

    /// Stops accepting and drops every connection. The accept thread closes the listening socket
    /// within a poll interval.
    package func close() {
        state.withLock { $0.closed = true }
        cut()
    }

    private func acceptLoop() {
        defer { _ = Glibc.close(listener) }
        while !state.withLock({ $0.closed }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard let server = try? Self.connectedSocket(toPort: targetPort) else {
                _ = Glibc.close(client)
                continue
            }
            let pair = Pair(client: client, server: server)
            let admitted = state.withLock { state -> Bool in
                guard !state.closed else { return false }
                state.accepted += 1
                state.pairs.append(pair)
                return true
            }
            guard admitted else {
                _ = Glibc.close(client)
                _ = Glibc.close(server)
                return
            }
            let relay = self
            Thread.detachNewThread { relay.copy(pair, from: pair.client, to: pair.server) }
            Thread.detachNewThread { relay.copy(pair, from: pair.server, to: pair.client) }
        }
    }

    /// Copies bytes from `source` to `destination` until `source` ends (then passes the
    /// half-close on) or either fails (then drops both).
    private func copy(_ pair: Pair, from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count == 0 {
                _ = Glibc.shutdown(destination, Int32(SHUT_WR))
                break
            }
            if count < 0 {
                pair.shutDown()
                break
            }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes {
                    send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
                }
                if written < 0, errno == EINTR { continue }
                if written <= 0 {
                    pair.shutDown()
                    break copying
                }
                offset += written
            }
        }
        if pair.copierFinished() {
            state.withLock { state in state.pairs.removeAll { $0 === pair } }
            _ = Glibc.close(pair.client)
            _ = Glibc.close(pair.server)
        }
    }

    struct SocketFailure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "relay: \(call) failed: \(String(cString: strerror(code)))" }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static func newSocket() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketFailure(call: "socket", code: errno) }
        return descriptor
    }

    private static func listeningSocket() throws -> Int32 {
        let descriptor = try newSocket()
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw SocketFailure(call: "bind/listen", code: code)
        }
        return descriptor
    }

    private static func localPort(of descriptor: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw SocketFailure(call: "getsockname", code: code)
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// A socket connected to `127.0.0.1:port` (on loopback a connect completes or is refused at once).
    private static func connectedSocket(toPort port: UInt16) throws -> Int32 {
        let descriptor = try newSocket()
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw SocketFailure(call: "connect", code: code)
        }
        return descriptor
    }
}
