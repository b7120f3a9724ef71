import Synchronization

/// What `materun serve` knows of its own state, for `/readyz` and the metrics: whether its NATS
/// connection is up (and why it went down), whether the groups' bucket is ready, whether it is
/// serving or stopping, and how often NATS came back.
final class ServiceHealth: Sendable {
    /// The parts readiness is decided from, read at once.
    struct State: Equatable, Sendable {
        var natsConnected = false
        /// Why the connection last went down, while it is down.
        var natsLoss: String?
        var bucketReady = false
        var serving = false
        var stopping = false
        var natsReconnects = 0
    }

    /// `/readyz`'s answer: ready or not, and one line saying why.
    struct Readiness: Equatable, Sendable {
        let ready: Bool
        let reason: String
    }

    private let state = Mutex(State())

    var current: State { state.withLock { $0 } }

    func connected() { state.withLock { $0.natsConnected = true; $0.natsLoss = nil } }
    func lostNATS(_ reason: String) { state.withLock { $0.natsConnected = false; $0.natsLoss = reason } }
    func reconnected() { state.withLock { $0.natsConnected = true; $0.natsLoss = nil; $0.natsReconnects += 1 } }
    func bucketIsReady() { state.withLock { $0.bucketReady = true } }
    func servingNow() { state.withLock { $0.serving = true } }
    func stoppingNow() { state.withLock { $0.stopping = true } }

    /// Ready only when connected to NATS, with the bucket, serving, and not stopping; otherwise
    /// the first thing missing, in that order of importance.
    static func readiness(_ state: State) -> Readiness {
        if state.stopping { return Readiness(ready: false, reason: "stopping: handing groups over to the other instances") }
        if !state.natsConnected {
            return Readiness(ready: false, reason: "not connected to NATS" + (state.natsLoss.map { " (\($0))" } ?? ""))
        }
        if !state.bucketReady { return Readiness(ready: false, reason: "the groups' key-value bucket is not ready yet") }
        if !state.serving { return Readiness(ready: false, reason: "not serving yet") }
        return Readiness(ready: true, reason: "ready: connected to NATS, bucket ready, serving groups")
    }
}
