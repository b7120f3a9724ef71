import MateRunTLS

/// How a client connects, keeps its connection alive, reconnects, and bounds its memory.
package struct NATSClientOptions: Sendable {
    package var url: NATSURL
    /// Other servers of the same cluster to fail over to (`--via a,b`), tried after `url` in
    /// turn; the cluster's `connect_urls` are added to them as the servers announce them.
    package var alternativeURLs: [NATSURL] = []
    /// The NKEY (and JWT, from a `.creds` file) that signs the server's nonce; nil to log in by
    /// the URL's credentials alone.
    package var userCredentials: NATSUserCredentials?
    /// Whom to trust and which client certificate to show when the connection is encrypted
    /// (the URL says `tls://`, or the server's INFO requires TLS); the default trusts the
    /// system's CA store and shows no certificate.
    package var tls = TLSClientConfiguration()
    /// The connection's name in the server's monitoring.
    package var name: String = "materun"
    /// How long dialling and the INFO/CONNECT/PING/PONG handshake may take together.
    package var connectTimeout: Duration = .seconds(5)
    /// How often the client pings the server. A connection that brings no byte for
    /// `pingInterval × (maxPingsOut + 1)` is dead (a stuck or vanished server) and is redialled.
    package var pingInterval: Duration = .seconds(5)
    package var maxPingsOut: Int = 2
    /// The first wait before redialling, doubled after each failed attempt up to the maximum.
    package var reconnectDelay: Duration = .milliseconds(100)
    package var maxReconnectDelay: Duration = .seconds(2)
    /// Failed redials in a row before the client gives up and closes; nil redials for ever.
    package var maxReconnectAttempts: Int?
    /// The most bytes waiting for the server (unsent on a slow connection, or held while
    /// disconnected); a publish beyond it fails with `outboxFull` instead of growing memory.
    package var outboxLimitBytes: Int = 1 << 20
    /// Messages a subscription holds for a slow reader; beyond it the oldest are dropped (and
    /// counted in `NATSClient.droppedMessageCount`).
    package var subscriptionBufferLimit: Int = 8192

    package init(url: NATSURL) {
        self.url = url
    }

    /// The wait before redial number `attempt` (0 for the first): exponential, capped.
    func reconnectWait(attempt: Int) -> Duration {
        var wait = reconnectDelay
        for _ in 0..<min(attempt, 30) where wait < maxReconnectDelay {
            wait *= 2
        }
        return min(wait, maxReconnectDelay)
    }
}
