import MateRunTestSupport
import MateRunDomain
import Synchronization
@testable import MateRunMate
@testable import MateRunSocket

extension MateTimings {
    /// The protocol's timings shrunk so that tests take milliseconds, not seconds. The handshake
    /// gets 30 s instead: it counts from the connection's start, and a test run with real
    /// processes replaying at full speed beside it can stall a 2-core machine for seconds. Tests
    /// of the deadline itself set their own.
    static func fast(
        handshake: Double = 30, heartbeat: Double = 0.2, lostAfter: Double = 5, reconnectDelay: Double = 0.05
    ) -> MateTimings {
        var timings = MateTimings()
        timings.connectTimeout = .seconds(20)
        timings.handshakeTimeout = .seconds(handshake)
        timings.heartbeatInterval = .seconds(heartbeat)
        timings.lostAfter = .seconds(lostAfter)
        timings.reconnectInitialDelay = .seconds(reconnectDelay)
        timings.reconnectMaxDelay = .seconds(reconnectDelay * 4)
        return timings
    }
}

/// The host serving (`run()`) and waiting for its pairing in the background while joiners come
/// and go; `host.close()` ends both.
struct PendingHostPairing {
    let task: Task<MatePairing, any Error>

    init(_ host: MateHost<some ConnectionSource>) {
        Task { await host.run() }
        task = Task { try await host.pairing() }
    }

    func value(within seconds: Double = 120) async throws -> MatePairing {
        try await withTimeout(seconds) { [task] in try await task.value }
    }
}

/// Pairs `joiner` with `host` (already waiting), both within a bound.
func pair(
    _ joiner: MateJoiner, with host: PendingHostPairing, within seconds: Double = 120
) async throws -> (host: MatePairing, joiner: MatePairing) {
    let joined = try await withTimeout(seconds) { try await joiner.pair() }
    return (try await host.value(within: seconds), joined)
}

/// The pairing error `joiner` fails with, or nil if it paired.
func pairingError(_ joiner: MateJoiner) async throws -> MatePairingError? {
    do {
        _ = try await withTimeout { try await joiner.pair() }
        return nil
    } catch let error as MatePairingError {
        return error
    }
}

/// The next event on `link` other than `.alive`, within `seconds`; nil when the events ended.
func nextEvent(_ link: any MateLink, within seconds: Double = 120) async throws -> MateLinkEvent? {
    try await withTimeout(seconds) {
        for await event in link.events where event != .alive {
            return event
        }
        return nil
    }
}

/// Waits for an `.alive` on `link`, returning the other events seen before it.
func eventsUntilAlive(_ link: any MateLink, within seconds: Double = 120) async throws -> [MateLinkEvent] {
    try await withTimeout(seconds) {
        var before: [MateLinkEvent] = []
        for await event in link.events {
            if event == .alive { return before }
            before.append(event)
        }
        throw TimedOut(seconds: seconds)
    }
}

func progress(_ seq: Int, metres: Double = 0) -> MateUpdate {
    .progress(MateProgress(seq: seq, elapsedSeconds: Double(seq), movingSeconds: Double(seq), distanceMetres: metres, caloriesKilocalories: 0, paused: false))
}

