import MateRunJSON

/// What the server says about itself in `INFO`, the fields the client acts on.
package struct NATSServerInfo: Sendable, Equatable {
    package var serverID: String
    package var version: String
    /// The largest payload (headers included) the server accepts from a client.
    package var maxPayload: Int
    /// Whether the server takes `HPUB` (headers); a client refuses to send headers when not.
    package var headers: Bool

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
        guard let object = json.objectValue else { throw .badInfo("not an object") }
        var info = NATSServerInfo()
        if case .string(let id)? = object["server_id"] { info.serverID = id }
        if case .string(let version)? = object["version"] { info.version = version }
        if case .number(let number)? = object["max_payload"] {
            guard let value = number.integer, value > 0 else { throw .badInfo("max_payload \(number.text)") }
            info.maxPayload = value
        }
        if case .bool(let headers)? = object["headers"] { info.headers = headers }
        return info
    }
}
