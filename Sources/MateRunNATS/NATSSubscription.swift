/// One subscription: the messages delivered for it, and a way to end it.
///
/// It ends (and `messages` finishes) on `unsubscribe()`, when the client closes, or when the
/// reader stops iterating `messages`. It survives reconnects: the client subscribes again.
package final class NATSSubscription: Sendable {
    package let subject: String
    package let sid: UInt64
    /// Messages in the order the server delivered them; a single reader.
    package let messages: AsyncStream<NATSMessage>
    private let client: NATSClient

    init(subject: String, sid: UInt64, messages: AsyncStream<NATSMessage>, client: NATSClient) {
        self.subject = subject
        self.sid = sid
        self.messages = messages
        self.client = client
    }

    /// Tells the server to stop delivering, and finishes `messages`. Idempotent.
    package func unsubscribe() {
        client.unsubscribe(sid: sid)
    }
}
