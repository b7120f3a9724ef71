import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization
import Testing

/// Two contenders for one lease in a real bucket, each with a clock the test moves.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct KeyValueLeaseRealServerTests {
    /// A clock a test moves by hand.
    final class HandClock: Sendable {
        private let reading = Mutex(Duration.zero)
        func advance(_ by: Duration) { reading.withLock { $0 += by } }
        var now: @Sendable () -> Duration { { [self] in reading.withLock { $0 } } }
    }

    @Test func oneHoldsWhileItRenewsAndTheOtherTakesOverOnlyAfterATermOfSilence() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("materun-lease-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await NATSServerProcess.start(arguments: ["-js", "-sd", store.path])
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "leases"), on: client)
        let annClock = HandClock()
        let boClock = HandClock()
        var ann = try KeyValueLease(store: bucket, key: "group.x", contender: "ann", term: .seconds(5), now: annClock.now)
        var bo = try KeyValueLease(store: bucket, key: "group.x", contender: "bo", term: .seconds(5), now: boClock.now)

        // Given ann took the lease first
        #expect(try await ann.refresh())
        #expect(try await !bo.refresh())

        // When ann renews while bo's clock runs past a term, bo still waits
        boClock.advance(.seconds(3))
        annClock.advance(.seconds(3))
        #expect(try await ann.refresh())
        boClock.advance(.seconds(3))
        #expect(try await !bo.refresh())

        // When ann falls silent, bo takes over once a term passed since it saw the last renewal
        boClock.advance(.seconds(4))
        #expect(try await !bo.refresh())
        boClock.advance(.seconds(1))
        #expect(try await bo.refresh())

        // Then ann, back, finds it lost (and its own term has run out too)
        annClock.advance(.seconds(6))
        #expect(!ann.holds)
        #expect(try await !ann.refresh())
        #expect(bo.holds)

        // And a release hands it over at once
        try await bo.release()
        #expect(try await ann.refresh())
        await client.close()
        await server.stop()
    }
}
