import Glibc
import MateRunSocket
import Testing

/// The /proc look-up that proves a `--via` pair listens on nothing must see a listener when there
/// is one, or its empty answer would prove nothing.
struct ProcessSocketsTests {
    @Test func aListenerOfThisProcessIsSeenListening() throws {
        // Given a TCP listener in this process
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        // When this process's sockets are read from /proc
        let sockets = ProcessSockets(pid: getpid())
        // Then the listener's port is among the listening ones (/proc writes ports in upper-case hex)
        let port = ":" + String(listener.port, radix: 16, uppercase: true).leftPadded(to: 4) + " "
        #expect(sockets.listening.contains { $0.line.contains(port) }, "\(port) not in \(sockets.listening)")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
