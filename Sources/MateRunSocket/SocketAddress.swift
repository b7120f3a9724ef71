import Glibc

/// A resolved socket address, ready for `bind` or `connect`.
struct SocketAddress {
    var family: Int32
    var storage: sockaddr_storage
    var length: socklen_t

    /// Every address `endpoint` resolves to, in the resolver's order. `passive` asks for addresses
    /// to bind to. Blocks while resolving a name, so callers run it off the concurrency pool.
    static func resolve(_ endpoint: TCPEndpoint, passive: Bool, operation: String) throws(SocketError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0 else {
            throw SocketError(operation: operation, detail: String(cString: gai_strerror(status)).lowercased())
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var cursor = list
        while let info = cursor {
            var storage = sockaddr_storage()
            let length = info.pointee.ai_addrlen
            withUnsafeMutableBytes(of: &storage) { destination in
                destination.copyMemory(from: UnsafeRawBufferPointer(start: info.pointee.ai_addr, count: Int(length)))
            }
            addresses.append(SocketAddress(family: info.pointee.ai_family, storage: storage, length: length))
            cursor = info.pointee.ai_next
        }
        return addresses
    }

    /// Calls `body` with the address as the C API wants it.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// The numeric host and port of a socket address filled in by the kernel.
    static func endpoint(of storage: sockaddr_storage) -> TCPEndpoint {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: storage) { pointer -> TCPEndpoint in
            switch Int32(storage.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    return TCPEndpoint(host: string(text), port: UInt16(bigEndian: address.pointee.sin_port))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return TCPEndpoint(host: string(text), port: UInt16(bigEndian: address.pointee.sin6_port))
                }
            default:
                return TCPEndpoint(host: "unknown", port: 0)
            }
        }
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
