import MateRunSocket

/// Where a NATS server is and how to log in, read from the URL a person types:
/// `nats://HOST:PORT`, `nats://TOKEN@HOST:PORT` or `nats://USER:PASS@HOST:PORT` (the port
/// defaults to 4222; `%XX` escapes are decoded in the credentials); `tls://` instead of
/// `nats://` insists on an encrypted connection.
package struct NATSURL: Sendable, Equatable, CustomStringConvertible {
    /// How the client proves who it is in its CONNECT.
    package enum Credentials: Sendable, Equatable {
        case none
        case token(String)
        case user(String, password: String)
    }

    package var endpoint: TCPEndpoint
    package var credentials: Credentials
    /// Whether the connection must be encrypted (`tls://`); a `nats://` one is too when the
    /// server requires it.
    package var requiresTLS: Bool

    package init(endpoint: TCPEndpoint, credentials: Credentials = .none, requiresTLS: Bool = false) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.requiresTLS = requiresTLS
    }

    /// Reads a URL; throws with the reason when it is not a NATS URL.
    package init(parsing text: String) throws(NATSURLError) {
        let lowered = text.lowercased()
        guard let scheme = ["nats://", "tls://"].first(where: { lowered.hasPrefix($0) }) else {
            throw NATSURLError(text: text, reason: text.contains("://") ? "only nats:// and tls:// are spoken" : "missing nats://")
        }
        var rest = Substring(text.dropFirst(scheme.count))
        if let slash = rest.firstIndex(of: "/") {
            guard rest[slash...].allSatisfy({ $0 == "/" }) else { throw NATSURLError(text: text, reason: "a path is not allowed") }
            rest = rest[..<slash]
        }
        var credentials = Credentials.none
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                guard let user = Self.decoded(userInfo[..<colon]), let password = Self.decoded(userInfo[userInfo.index(after: colon)...]),
                    !user.isEmpty
                else { throw NATSURLError(text: text, reason: "bad user or password") }
                credentials = .user(user, password: password)
            } else {
                guard let token = Self.decoded(userInfo), !token.isEmpty else { throw NATSURLError(text: text, reason: "bad token") }
                credentials = .token(token)
            }
        }
        let hostPort = rest.contains(":") && !(rest.hasPrefix("[") && rest.hasSuffix("]")) ? String(rest) : "\(rest):4222"
        guard let endpoint = TCPEndpoint(parsing: hostPort) else {
            throw NATSURLError(text: text, reason: "expected HOST or HOST:PORT after \(scheme)")
        }
        self.init(endpoint: endpoint, credentials: credentials, requiresTLS: scheme == "tls://")
    }

    /// The URL without its secrets, for messages and logs.
    package var description: String {
        let scheme = requiresTLS ? "tls://" : "nats://"
        return switch credentials {
        case .none: "\(scheme)\(endpoint)"
        case .token: "\(scheme)***@\(endpoint)"
        case .user(let user, _): "\(scheme)\(user):***@\(endpoint)"
        }
    }

    /// `text` with `%XX` escapes decoded, nil when an escape is broken or the bytes are not UTF-8.
    private static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low < utf8.endIndex, let h = hexValue(utf8[high]), let l = hexValue(utf8[low]) else { return nil }
                bytes.append(h << 4 | l)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A NATS URL that could not be read, with the reason.
package struct NATSURLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var text: String
    package var reason: String

    /// The reason and the text, with whatever stands before an `@` (a token, a password) masked.
    package var description: String {
        guard let at = text.lastIndex(of: "@") else { return "not a NATS URL (\(reason)): \(text)" }
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        return "not a NATS URL (\(reason)): \(text[..<start])***\(text[at...])"
    }
}
