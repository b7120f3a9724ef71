import MateRunDomain

/// The host's side of a new session once the code was right: `welcome`, `terms`, the joiner's
/// `accept`, the round-trip pings, and `start`.
///
/// Kept apart from `MateHost` so that the accept loop only routes connections, and this reads
/// as the protocol's sequence diagram.
struct HostHandshake {
    /// What the host needs to start its own countdown.
    struct Start {
        /// The smallest round trip measured.
        let roundTrip: Duration
        /// When `start` was sent (on `timings.clock`), and its `in_ms`.
        let sentAt: Duration
        let countdown: Duration

        /// When the run starts for the host: `in_ms + RTT/2` after sending `start`.
        var startsAt: Duration { sentAt + countdown + roundTrip / 2 }
    }

    let channel: SocketMateChannel
    let sessionID: String
    let hostName: String
    let hostSport: Sport
    let terms: MateTerms
    let timings: MateTimings

    func run(_ inbox: inout HandshakeInbox) async throws -> Start {
        try await channel.send(.welcome(MateWelcome(sessionID: sessionID, name: hostName, sport: hostSport)))
        try await channel.send(.terms(terms))
        let answer = try await inbox.next("the joiner's accept")
        guard case .accept = answer else { throw inbox.unexpected(answer, expected: "accept") }
        let roundTrip = try await measureRoundTrip(&inbox)
        let inMilliseconds = timings.startCountdown.roundedMilliseconds
        try await channel.send(.start(inMilliseconds: inMilliseconds))
        return Start(roundTrip: roundTrip, sentAt: timings.clock.now(), countdown: .milliseconds(inMilliseconds))
    }

    /// The smallest of `MateProtocol.rttPingCount` ping round trips.
    private func measureRoundTrip(_ inbox: inout HandshakeInbox) async throws -> Duration {
        var smallest: Duration?
        for id in 1...MateProtocol.rttPingCount {
            let sentAt = timings.clock.now()
            try await channel.send(.ping(id: id))
            let answer = try await inbox.next("pong \(id)")
            guard case .pong(id) = answer else { throw inbox.unexpected(answer, expected: "pong \(id)") }
            let roundTrip = timings.clock.now() - sentAt
            smallest = min(smallest ?? roundTrip, roundTrip)
        }
        return smallest ?? .zero
    }
}
