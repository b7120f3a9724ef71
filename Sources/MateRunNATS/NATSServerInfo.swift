import MateRunJSON

/// What the server says about itself in `INFO`, the fields the client acts on.
package struct NATSServerInfo: Sendable, Equatable {
    package var serverID: String
    package var version: String
    /// The largest payload (headers included) the server accepts from a client.
    package var maxPayload: Int
    /// Whether the server takes `HPUB` (headers); a client refuses to send headers when not.
    package var headers: Bool
    /// What the client signs with its NKEY to prove who it is; nil when the server asks no proof.
    package var nonce: String?
    /// Whether the server speaks only TLS: the client upgrades the socket before its CONNECT.
    package var tlsRequired: Bool = false
    /// Whether the server takes TLS from a client that asks for it (`tls://`) without requiring it.
    package var tlsAvailable: Bool = false
    /// The other nodes of the server's cluster a client may dial (`HOST:PORT`), for failover.
    package var connectURLs: [String] = []

    /// The default a server uses, for a client that has not heard its `INFO` yet.
    package static let defaultMaxPayload = 1_048_576

    package init(serverID: String = "", version: String = "", maxPayload: Int = defaultMaxPayload, headers: Bool = true) {
        self.serverID = serverID
        self.version = version
        self.maxPayload = maxPayload
        self.headers = headers
    }

    /// Reads the JSON after `INFO `.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(NATSProtocolError) -> NATSServerInfo {
        let json: JSON
        do {
            json = try JSONParser.parse(Array(bytes))
        } catch {
            throw .badInfo("\(error)")
        }
        guard json.objectValue != nil else { throw .badInfo("not an object") }
        let object = JSONField(json)
        var info = NATSServerInfo()
        if let id = object["server_id"].stringValue { info.serverID = id }
        if let version = object["version"].stringValue { info.version = version }
        if case .number? = object["max_payload"].value {
            guard let value = try? object["max_payload"].integer(in: 1...Int.max) else {
                throw .badInfo("max_payload \(object["max_payload"].found)")
            }
            info.maxPayload = value
        }
        if let headers = try? object["headers"].bool() { info.headers = headers }
        if let nonce = object["nonce"].stringValue, !nonce.isEmpty { info.nonce = nonce }
        if let tlsRequired = try? object["tls_required"].bool() { info.tlsRequired = tlsRequired }
        if let tlsAvailable = try? object["tls_available"].bool() { info.tlsAvailable = tlsAvailable }
        if case .array(let urls)? = object["connect_urls"].value {
            info.connectURLs = urls.compactMap { if case .string(let url) = $0 { url } else { nil } }
        }
        return info
    }
}
