import Glibc

extension TCPConnection {
    /// Two connections joined by a local socket pair (`SocketPair`), the first with `options`
    /// and the second with `otherOptions`, both naming `remote` as their peer: for a relay that
    /// hands one end to a protocol's client and carries the other end's bytes elsewhere, so that
    /// the client connects without anything listening.
    package static func pair(
        remote: TCPEndpoint, options: TCPConnectionOptions, otherOptions: TCPConnectionOptions
    ) throws(SocketError) -> (TCPConnection, TCPConnection) {
        let (firstEnd, secondEnd) = try SocketPair.make(operation: "connect a local pair for \(remote)")
        let first: TCPConnection
        do {
            first = try TCPConnection(adopting: firstEnd, remote: remote, options: options, overTCP: false)
        } catch {
            Glibc.close(secondEnd)
            throw error
        }
        do {
            return (first, try TCPConnection(adopting: secondEnd, remote: remote, options: otherOptions, overTCP: false))
        } catch {
            first.abort()
            throw error
        }
    }
}
