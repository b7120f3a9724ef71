import MateRunSocket

/// The servers a client may dial, in the order it tries them: the URLs it was given, then the
/// cluster's other nodes that `INFO`'s `connect_urls` named. It exists so that a client whose
/// server dies can carry on through another node of the cluster, and so that the order of
/// redials is a pure function that a test can pin without sockets.
///
/// A learned node has no scheme or credentials of its own (the server sends `HOST:PORT`): it
/// takes those of the first given URL. A node already known (same host and port) is not added twice.
package struct NATSServerList: Sendable, Equatable {
    /// Every known server, given ones first, in the order learned.
    package private(set) var servers: [NATSURL]
    /// The position of the server to dial next.
    package private(set) var position = 0

    /// A list of at least one given URL.
    package init(primary: NATSURL, alternatives: [NATSURL] = []) {
        servers = [primary]
        for url in alternatives where !servers.contains(where: { $0.endpoint == url.endpoint }) {
            servers.append(url)
        }
    }

    /// The server to dial now.
    package var current: NATSURL { servers[position] }

    /// Turns to the next server after the current one failed or its connection dropped; with a
    /// single server it stays on it.
    package mutating func advance() {
        position = (position + 1) % servers.count
    }

    /// Adds the nodes of `connectURLs` (`HOST:PORT` as the server sends them) not known yet;
    /// an entry that is no `HOST:PORT` is ignored, as a server's word on its peers is only a hint.
    package mutating func learn(connectURLs: [String]) {
        let template = servers[0]
        for text in connectURLs {
            guard let endpoint = TCPEndpoint(parsing: text), !servers.contains(where: { $0.endpoint == endpoint }) else { continue }
            servers.append(NATSURL(endpoint: endpoint, credentials: template.credentials, requiresTLS: template.requiresTLS))
        }
    }
}
