/// A message delivered by the server (`MSG` or `HMSG`) to one of the client's subscriptions.
package struct NATSMessage: Sendable, Equatable {
    package var subject: String
    /// The subscription id the server delivered it for.
    package var sid: UInt64
    /// Where an answer goes, when the publisher asked for one.
    package var replyTo: String?
    /// The headers, for an `HMSG`.
    package var headers: NATSHeaders?
    package var payload: [UInt8]

    package init(subject: String, sid: UInt64, replyTo: String? = nil, headers: NATSHeaders? = nil, payload: [UInt8]) {
        self.subject = subject
        self.sid = sid
        self.replyTo = replyTo
        self.headers = headers
        self.payload = payload
    }
}
