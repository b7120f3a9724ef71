import Synchronization

/// Every event of a run as Server-Sent Events, kept from the first, so that a viewer who opens
/// the page late is sent the whole run so far, and one who reconnects (`Last-Event-ID`) the rest.
///
/// Publishing only appends under a lock and never waits for a viewer: the run is never slowed by
/// the page. The log is bounded by `capacity` events; past it, the oldest progress is what a late
/// viewer misses (the first `hello` is always kept).
package final class ServerSentEvents: Sendable {
    /// One message: its id (from 1) and its bytes on the wire.
    package struct Message: Sendable, Equatable {
        package var id: Int
        package var bytes: [UInt8]
    }

    package let capacity: Int
    private let state = Mutex((messages: [Message](), dropped: 0, nextID: 1))
    private let published: @Sendable () -> Void

    /// `published` is called after each message is added (the server wakes its loop).
    package init(capacity: Int = 200_000, published: @escaping @Sendable () -> Void = {}) {
        self.capacity = capacity
        self.published = published
    }

    /// Adds a message of type `event` whose data is `data` (one JSON line: a newline in it is
    /// sent as a second `data:` line, as the format requires).
    package func publish(event: String, data: String) {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            var text = "id: \(id)\nevent: \(Self.clean(event))\n"
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "data: " + line.filter { $0 != "\r" } + "\n"
            }
            text += "\n"
            if state.messages.count >= capacity {
                state.messages.remove(at: 1)
                state.dropped += 1
            }
            state.messages.append(Message(id: id, bytes: Array(text.utf8)))
        }
        published()
    }

    /// The messages after id `after` (0: all), at most `limit`.
    package func messages(after: Int, limit: Int = 256) -> [Message] {
        state.withLock { state in
            // Ids grow by one from the first kept: a binary search finds the next.
            var low = 0, high = state.messages.count
            while low < high {
                let middle = (low + high) / 2
                if state.messages[middle].id > after { high = middle } else { low = middle + 1 }
            }
            return Array(state.messages[low..<min(state.messages.count, low + limit)])
        }
    }

    /// The id of the newest message, 0 before any.
    package var lastID: Int { state.withLock { $0.nextID - 1 } }

    /// An event name holds no line break or colon.
    private static func clean(_ event: String) -> String {
        String(event.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) })
    }
}
