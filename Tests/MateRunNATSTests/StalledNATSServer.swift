import Foundation
import Glibc
import MateRunNATS
import MateRunSocket
import Synchronization

/// A server that greets one client (INFO, and PONG to its first PING) and then never reads
/// again: on a plain socket, so that nothing drains the kernel's buffers behind the test's back
/// (the socket poller reads a `TCPConnection` whenever its reader keeps up). Its thread blocks on purpose, never a task.
final class StalledNATSServer: Sendable {
    let port: UInt16
    private let listening: Int32
    private let accepted = AcceptedSocket()

    /// The one accepted client, closed with the server.
    private final class AcceptedSocket: Sendable {
        let descriptor = Mutex<Int32?>(nil)
    }

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listening, 1) == 0 else { throw SocketError(operation: "listen", detail: "failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listening = listening
        let accepted = accepted
        Thread.detachNewThread {
            let client = accept(listening, nil, nil)
            guard client >= 0 else { return }
            accepted.descriptor.withLock { $0 = client }
            let info = Array("INFO {\"max_payload\":1048576}\r\n".utf8)
            _ = info.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var seen: [UInt8] = []
            var byte: UInt8 = 0
            while !seen.suffix(6).elementsEqual(Array("PING\r\n".utf8)), recv(client, &byte, 1, 0) == 1 {
                seen.append(byte)
            }
            let pong = Array("PONG\r\n".utf8)
            _ = pong.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // From here on nothing is read.
        }
    }

    var url: NATSURL { NATSURL(endpoint: TCPEndpoint(host: "127.0.0.1", port: port)) }

    /// Closes the sockets.
    func close() {
        if let client = accepted.descriptor.withLock({ $0 }) { Glibc.close(client) }
        Glibc.close(listening)
    }
}
