import MateRunSocket

/// Everything a client shares between its callers and the task serving its connection, kept
/// under one lock: the live connection, the subscriptions, what waits for a PONG or a reply,
/// and the publishes held while disconnected.
struct NATSClientState {
    /// What a subscription needs to be made again after a redial, and where its messages go.
    struct Subscription {
        var subject: String
        var queue: String?
        var continuation: AsyncStream<NATSMessage>.Continuation
    }

    /// A request waiting for its reply, and the subject it was sent on (for `noResponders`).
    struct Request {
        var waiter: NATSWaiter<NATSMessage>
        var subject: String
    }

    var connection: TCPConnection?
    var info = NATSServerInfo()
    var closed = false
    var subscriptions: [UInt64: Subscription] = [:]
    var nextSid: UInt64 = 1
    /// Publishes made while disconnected, sent after the next handshake.
    var held: [[UInt8]] = []
    var heldBytes = 0
    /// One entry per PING sent on the live connection, in order: a waiting `flush`, or nil for
    /// a keep-alive. PONGs answer PINGs in order.
    var pings: [NATSWaiter<Void>?] = []
    var inboxSid: UInt64?
    var requests: [UInt64: Request] = [:]
    var nextRequest: UInt64 = 1
    var droppedMessages = 0

    /// Sends `bytes` on the live connection or holds them until the next one, refusing them
    /// when more than `limit` bytes already wait.
    mutating func send(_ bytes: [UInt8], limit: Int) throws(NATSError) {
        if let connection {
            guard connection.queuedByteCount + bytes.count <= limit else { throw .outboxFull(limitBytes: limit) }
            connection.enqueue(bytes)
        } else {
            guard heldBytes + bytes.count <= limit else { throw .outboxFull(limitBytes: limit) }
            held.append(bytes)
            heldBytes += bytes.count
        }
    }

    /// Installs a new connection: every subscription is made again, then the held publishes go.
    mutating func install(_ connection: TCPConnection, info: NATSServerInfo) {
        self.connection = connection
        self.info = info
        var bytes: [UInt8] = []
        for (sid, subscription) in subscriptions.sorted(by: { $0.key < $1.key }) {
            bytes += NATSCommand.subscribe(subject: subscription.subject, queue: subscription.queue, sid: sid)
        }
        for publish in held {
            bytes += publish
        }
        held.removeAll()
        heldBytes = 0
        if !bytes.isEmpty {
            connection.enqueue(bytes)
        }
    }

    /// Forgets the connection that ended; returns the flushes that waited on it, to fail.
    mutating func detach(_ connection: TCPConnection) -> [NATSWaiter<Void>] {
        guard self.connection === connection else { return [] }
        self.connection = nil
        let waiting = pings.compactMap { $0 }
        pings.removeAll()
        return waiting
    }
}
