import MateRunDomain
import MateRunSocket

/// The joining side of a pairing: connects to a host with the code it printed, agrees to its
/// terms, answers its round-trip pings and learns when the run starts.
///
/// It exists so that the App pairs with one call; the `MateLink` it returns reconnects by itself
/// when the connection drops (see `TCPMateLink`), through the same dialer: TCP to the host's
/// address, or a relay (NATS) that needs nothing to listen.
package struct MateJoiner: Sendable {
    package let dialer: StreamDialer
    package let code: String
    package let name: String
    /// The own sport, declared in `hello` so that the host judges the own figures by it.
    package let sport: Sport
    package let timings: MateTimings

    /// A joiner that connects to the host at `endpoint` over TCP.
    package init(
        endpoint: TCPEndpoint, code: String, name: String, sport: Sport = .running, timings: MateTimings = .standard
    ) {
        self.init(dialer: .tcp(endpoint), code: code, name: name, sport: sport, timings: timings)
    }

    /// A joiner that reaches the host through `dialer`, for the pairing and every redial.
    package init(
        dialer: StreamDialer, code: String, name: String, sport: Sport = .running, timings: MateTimings = .standard
    ) {
        self.dialer = dialer
        self.code = code
        self.name = name
        self.sport = sport
        self.timings = timings
    }

    /// Pairs with the host. Throws what the dialer throws when the host cannot be reached
    /// (`SocketError` over TCP) and `MatePairingError` when it refuses or the handshake fails.
    package func pair() async throws -> MatePairing {
        let channel = try await SocketMateChannel.connect(
            through: dialer, timeout: timings.connectTimeout, idleTimeout: timings.handshakeTimeout
        )
        do {
            try await channel.send(.hello(MateHello(name: name, code: code, sport: sport)))
            var inbox = HandshakeInbox(channel)
            let welcome = try await readWelcome(&inbox)
            let terms = try await readTerms(&inbox)
            try await channel.send(.accept)
            let (inMilliseconds, arrival) = try await answerPingsUntilStart(&inbox, on: channel)
            let redial = MateRedial(dialer: dialer, code: code, name: name, sessionID: welcome.sessionID, timings: timings)
            let link = await TCPMateLink.open(channel: channel, timings: timings, recovery: .redial(redial))
            let countdown = Double(inMilliseconds) / 1000 - (timings.clock.now() - arrival).seconds
            return MatePairing(
                role: .joiner, mateName: welcome.name, terms: terms, secondsUntilStart: countdown, link: link,
                mateSport: welcome.sport)
        } catch {
            await channel.abandonHandshake(after: error)
            throw error
        }
    }

    private func readWelcome(_ inbox: inout HandshakeInbox) async throws -> MateWelcome {
        let answer = try await inbox.next("the welcome")
        switch answer {
        case .welcome(let welcome) where welcome.resumedLastReceivedSeq == nil:
            return welcome
        case .refused(let refusal):
            throw MatePairingError.refused(refusal, host: dialer.server, code: code)
        default:
            throw inbox.unexpected(answer, expected: "welcome")
        }
    }

    private func readTerms(_ inbox: inout HandshakeInbox) async throws -> MateTerms {
        let message = try await inbox.next("the terms")
        guard case .terms(let terms) = message else { throw inbox.unexpected(message, expected: "terms") }
        return terms
    }

    /// Answers the host's pings; returns `start`'s countdown and when it arrived.
    private func answerPingsUntilStart(
        _ inbox: inout HandshakeInbox, on channel: SocketMateChannel
    ) async throws -> (Int, Duration) {
        while true {
            let message = try await inbox.next("the start")
            switch message {
            case .ping(let id):
                try await channel.send(.pong(id: id))
            case .start(let inMilliseconds):
                return (inMilliseconds, timings.clock.now())
            default:
                throw inbox.unexpected(message, expected: "ping or start")
            }
        }
    }
}
