import Foundation
import Synchronization

/// Answers the NATS service discovery requests for one instance of a service (`$SRV.PING`,
/// `$SRV.INFO`, `$SRV.STATS`, each also for `.<name>` and `.<name>.<id>`), so that standard
/// NATS tools list it; its endpoints' numbers come from the owner (`stats`), asked at each
/// request. It serves only discovery: the owner subscribes its endpoints itself. Every
/// instance answers (no queue group), as the protocol wants; after a reconnect the client
/// subscribes again by itself.
package final class NATSServiceResponder: Sendable {
    package let service: NATSServiceDescription
    private let started: String
    private let serving: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let subscriptions: [NATSSubscription]

    /// Subscribes on `client` and starts answering. `startedAt` is written in the STATS answer.
    package init(
        _ service: NATSServiceDescription, on client: NATSClient, startedAt: Date = Date(),
        stats: @escaping @Sendable () -> [NATSServiceEndpointStats] = { [] }
    ) throws(NATSError) {
        try service.validate()
        self.service = service
        started = startedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        var subscriptions: [NATSSubscription] = []
        var verbs: [NATSServiceMessages.Verb] = []
        for (subject, verb) in NATSServiceMessages.subjects(for: service) {
            do {
                subscriptions.append(try client.subscribe(subject))
            } catch {
                subscriptions.forEach { $0.unsubscribe() }
                throw error
            }
            verbs.append(verb)
        }
        self.subscriptions = subscriptions
        let started = started
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (subscription, verb) in zip(subscriptions, verbs) {
                    group.addTask {
                        for await request in subscription.messages {
                            guard let reply = request.replyTo else { continue }
                            let answer = NATSServiceMessages.response(verb, service: service, started: started, stats: stats())
                            try? client.publish(reply, payload: answer)
                        }
                    }
                }
            }
        }
        serving.withLock { $0 = task }
    }

    deinit {
        stop()
    }

    /// Stops answering: the subscriptions end. Idempotent.
    package func stop() {
        subscriptions.forEach { $0.unsubscribe() }
        serving.withLock { $0?.cancel() }
    }
}
