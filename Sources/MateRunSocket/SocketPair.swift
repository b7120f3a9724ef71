import Glibc

/// Two connected ends of a local stream socket (`socketpair(AF_UNIX, SOCK_STREAM)`): a
/// connection that needs no address, no port and no listener.
enum SocketPair {
    /// Makes the pair, both ends close-on-exec; the caller owns both descriptors.
    static func make(operation: String) throws(SocketError) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .lastError(operation)
        }
        return (ends[0], ends[1])
    }
}
