import Glibc

extension TCPConnection {
    /// Two connections joined by a local socket pair (`SocketPair`), the first with `options`
    /// and the second with `otherOptions`, both naming `remote` as their peer: for a relay that
    /// hands one end to a protocol's client and carries the other end's bytes elsewhere, so that
    /// the client connects without anything listening.
    package static func pair(
        remote: TCPEndpoint, options: TCPConnectionOptions, otherOptions: TCPConnectionOptions
    ) throws(SocketError) -> (TCPConnection, TCPConnection) {
        let (first, otherEnd) = try pairEnd(remote: remote, options: options)
        do {
            return (first, try TCPConnection(adopting: otherEnd, remote: remote, options: otherOptions, overTCP: false))
        } catch {
            first.abort()
            throw error
        }
    }

    /// A local socket pair whose first end is a connection with `options` naming `remote` as its
    /// peer, and whose other end is returned as a bare descriptor the caller then owns.
    static func pairEnd(remote: TCPEndpoint, options: TCPConnectionOptions) throws(SocketError) -> (TCPConnection, Int32) {
        let (firstEnd, otherEnd) = try SocketPair.make(operation: "connect a local pair for \(remote)")
        do {
            return (try TCPConnection(adopting: firstEnd, remote: remote, options: options, overTCP: false), otherEnd)
        } catch {
            Glibc.close(otherEnd)
            throw error
        }
    }
}
