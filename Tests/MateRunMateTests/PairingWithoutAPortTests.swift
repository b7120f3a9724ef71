import Glibc
import MateRunDomain
import MateRunTestSupport
import Synchronization
import Testing
@testable import MateRunMate
@testable import MateRunSocket

/// A host that accepts from a `SocketPairListener` and a joiner that dials through a
/// `StreamDialer`, as `host --via` and `join --via` do with NATS between them: the same code
/// check, handshake and resume as over TCP, with no port anywhere.
@Suite(.timeLimit(.minutes(5)))
struct PairingWithoutAPortTests {
    let goodbye = MateGoodbye(reason: .finished, message: "test over")

    /// A dialer into `listener` that keeps every connection it hands out, so a test can cut one.
    private final class CuttableDialer: Sendable {
        private let listener: SocketPairListener
        private let handedOut = Mutex<[TCPConnection]>([])

        init(into listener: SocketPairListener) {
            self.listener = listener
        }

        var dialer: StreamDialer {
            StreamDialer(server: "the local pair") { [self] _, options in
                let connection = try listener.connect(from: TCPEndpoint(host: "127.0.0.1", port: 4222), options: options)
                handedOut.withLock { $0.append(connection) }
                return connection
            }
        }

        /// Shuts the newest connection down both ways under both ends, as a relay whose NATS
        /// connection dropped would: each side reads the end of the stream.
        func cutNewest() {
            if let newest = handedOut.withLock({ $0.last }) {
                _ = shutdown(newest.fd, Int32(SHUT_RDWR))
            }
        }
    }

    @Test func aJoinerPairsWithoutAPortAfterAWrongCodeAndResumesAfterACut() async throws {
        // Given a host accepting from a listener without a port, and a dialer into it
        let listener = SocketPairListener(backlog: 8)
        let timings = MateTimings.fast(reconnectDelay: 0.3)
        let host = MateHost(
            source: listener, code: "k2x9q0wm4abc", hostName: "Ben", terms: MateTerms(mode: .team, goalMetres: 5000), timings: timings)
        let waiting = PendingHostPairing(host)
        let cuttable = CuttableDialer(into: listener)

        // When a stranger offers a wrong code, then it is refused, naming the dialer's server
        let stranger = MateJoiner(dialer: cuttable.dialer, code: "guessedcode1", name: "Eve", timings: timings)
        let refusal = try #require(try await pairingError(stranger))
        #expect(refusal.reason == .wrongCode)
        #expect(refusal.description.hasPrefix("the host at the local pair refused"))

        // When the mate pairs with the right code, then progress crosses
        let joiner = MateJoiner(dialer: cuttable.dialer, code: "k2x9q0wm4abc", name: "Ana", timings: timings)
        let (hosting, joined) = try await pair(joiner, with: waiting)
        await joined.link.send(progress(1, metres: 3))
        #expect(try await nextEvent(hosting.link) == .update(progress(1, metres: 3)))

        // When the joiner's connection is cut, then both sides see it, the joiner dials again
        // through the same dialer, and the run goes on where it was
        cuttable.cutNewest()
        guard case .interrupted? = try await nextEvent(joined.link) else { throw TestFailure("joiner not interrupted") }
        guard case .interrupted? = try await nextEvent(hosting.link) else { throw TestFailure("host not interrupted") }
        #expect(try await nextEvent(hosting.link) == .restored)
        #expect(try await nextEvent(joined.link) == .restored)
        await joined.link.send(progress(2, metres: 6))
        #expect(try await nextEvent(hosting.link) == .update(progress(2, metres: 6)))
        await joined.link.close(goodbye)
        await host.close()
    }
}
