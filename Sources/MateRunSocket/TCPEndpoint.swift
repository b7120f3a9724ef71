/// A host and port to listen on or connect to, as a person types it: `127.0.0.1:5000`,
/// `localhost:5000`, `[::1]:5000`.
package struct TCPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// A name or a numeric IPv4/IPv6 address (without brackets).
    package var host: String
    package var port: UInt16

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT` or `[IPV6]:PORT`; nil when the text is not of that shape.
    package init?(parsing text: String) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = UInt16(portText) else { return nil }
        self.init(host: String(host), port: port)
    }

    package var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
