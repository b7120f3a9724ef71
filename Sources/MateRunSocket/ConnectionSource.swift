/// Where a server's connections come from: a port that listens for them (`TCPListener`), or a
/// relay that hands them in over local socket pairs (`SocketPairListener`), so that a server's
/// accept loop is the same whether or not anything in the process listens.
package protocol ConnectionSource: Sendable {
    /// Waits for the next connection. Throws `CancellationError` when the calling task is
    /// cancelled, and `SocketError` once the source is closed.
    func accept(options: TCPConnectionOptions) async throws -> TCPConnection

    /// Stops accepting: waiting and later `accept` calls throw. Idempotent.
    func close()

    /// Whether `close()` was called: accepting has ended for good.
    var isClosed: Bool { get }
}

extension TCPListener: ConnectionSource {}
