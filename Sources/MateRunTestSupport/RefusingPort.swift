import Glibc

/// A loopback port bound by a socket that never listens: the kernel refuses every connection to
/// it, and no other socket can take it while this one holds it (a port let go could be taken by a
/// test running alongside before the connect).
package struct RefusingPort: Sendable {
    /// Why the port could not be held.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let descriptor: Int32
    package let port: UInt16

    package init() throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let failure = Failure(description: "bind 127.0.0.1:0: errno \(errno)")
            Glibc.close(descriptor)
            throw failure
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Lets the port go.
    package func close() { Glibc.close(descriptor) }
}
