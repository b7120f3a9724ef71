/// A `-ERR` line from the server, typed by what it means for the connection.
///
/// The server closes the connection after most errors (authorization, slow consumer, stale
/// connection, payload too large); after a permissions violation or an invalid subject it keeps it.
package struct NATSServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the server complained about.
    package enum Kind: Sendable, Equatable {
        case authorizationViolation
        case authenticationTimeout
        case permissionsViolation
        case invalidSubject
        case slowConsumer
        case staleConnection
        case maximumPayload
        case maximumConnections
        case other
    }

    /// The server's text, without the quotes around it.
    package var message: String

    package init(message: String) {
        self.message = message
    }

    package var kind: Kind {
        let text = message.lowercased()
        if text.hasPrefix("authorization violation") { return .authorizationViolation }
        if text.hasPrefix("authentication timeout") { return .authenticationTimeout }
        if text.hasPrefix("permissions violation") { return .permissionsViolation }
        if text.hasPrefix("invalid subject") { return .invalidSubject }
        if text.hasPrefix("slow consumer") { return .slowConsumer }
        if text.hasPrefix("stale connection") { return .staleConnection }
        if text.hasPrefix("maximum payload") { return .maximumPayload }
        if text.hasPrefix("maximum connections") { return .maximumConnections }
        return .other
    }

    /// Whether the server keeps the connection open after this error.
    package var keepsConnection: Bool {
        kind == .permissionsViolation || kind == .invalidSubject
    }

    package var description: String { "nats-server said: \(message)" }
}
