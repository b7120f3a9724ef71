/// What happens to a client's connection, for a caller that shows it or acts on it (a mate
/// link resends its state after `reconnected`).
package enum NATSClientEvent: Sendable, Equatable {
    /// The connection dropped; the client is redialling. Publishes are held (bounded) meanwhile.
    case disconnected(reason: String)
    /// A new connection is up, to `server` (another node of the cluster, or the same one), every
    /// subscription made again, held publishes sent.
    case reconnected(to: NATSURL)
    /// The server sent `-ERR` (it closes the connection after most of them).
    case serverError(NATSServerError)
    /// The client is over: closed locally, or it gave up redialling. Nothing follows.
    case closed(reason: String)
}
