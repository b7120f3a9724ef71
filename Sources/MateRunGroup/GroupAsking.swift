import MateRunNATS
import Synchronization

/// A request to the coordinator on an inbox of the asker's own, sent again every `resendEvery`
/// until an answer it accepts comes: unlike `NATSClient.request`, a forged answer that arrives
/// first does not end the wait, it is skipped.
enum GroupAsking {
    /// The first answer `accept` takes (it skips the others by returning nil; it may throw to end
    /// the wait). The server's "no responders" (a 503 status) carries no signature, so it ends
    /// the wait only when no accepted answer follows within 3 s: a forged one cannot stop a join.
    static func ask<Answer>(
        client: NATSClient, subject: String, payload: [UInt8], headers: NATSHeaders?, timeout: Duration,
        resendEvery: Duration, accept: (NATSMessage) throws -> Answer?
    ) async throws -> Answer {
        let inbox = try client.subscribe("_INBOX." + NATSClient.randomToken())
        defer { inbox.unsubscribe() }
        let deadline = Mutex(ContinuousClock.now + timeout)
        let asking = Task {
            while !Task.isCancelled {
                let end = deadline.withLock { $0 }
                guard ContinuousClock.now < end else { break }
                try? client.publish(subject, payload: payload, replyTo: inbox.subject, headers: headers)
                try? await Task.sleep(until: min(end, ContinuousClock.now + resendEvery))
            }
            inbox.unsubscribe()
        }
        defer { asking.cancel() }
        var noResponders = false
        for await message in inbox.messages {
            if message.headers?.status == 503, message.payload.isEmpty {
                if !noResponders {
                    noResponders = true
                    deadline.withLock { $0 = min($0, ContinuousClock.now + .seconds(3)) }
                }
                continue
            }
            if let answer = try accept(message) { return answer }
        }
        if noResponders { throw NATSError.noResponders(subject: subject) }
        throw NATSError.timedOut("no answer on \(subject) within \(timeout)")
    }
}
