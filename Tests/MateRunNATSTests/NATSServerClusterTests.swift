import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// The test cluster itself: three routed nodes with a JetStream meta leader, one of which can be
/// killed by its PID and brought back where it was.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSServerClusterTests {
    @Test func aKilledNodeIsGoneUntilRestartedOnItsPortAndRejoinsTheCluster() async throws {
        // Given a formed cluster
        let cluster = try await NATSServerCluster.start()
        let pid = try #require(cluster.pid(of: 1))

        // When node 2 is killed
        cluster.kill(node: 1)

        // Then its process is gone and its port refuses clients
        #expect(cluster.pid(of: 1) == nil)
        #expect(kill(pid, 0) != 0)
        await #expect(throws: NATSError.self) { _ = try await NATSClient.connect(NATSClientOptions(url: cluster.urls[1])) }

        // And once restarted, it takes clients on the same port again, and a message crosses to it
        try await cluster.restart(node: 1)
        #expect(cluster.pid(of: 1) != nil && cluster.pid(of: 1) != pid)
        let onRestarted = try await NATSClient.connect(NATSClientOptions(url: cluster.urls[1]))
        let onFirst = try await NATSClient.connect(NATSClientOptions(url: cluster.urls[0]))
        let subscription = try onRestarted.subscribe("cluster.check")
        try await onRestarted.flush()
        let publishing = Task {
            while !Task.isCancelled {
                try? onFirst.publish("cluster.check", payload: [1])
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(try await next(subscription.messages, within: 15)?.payload == [1])
        publishing.cancel()
        await onRestarted.close()
        await onFirst.close()
        await cluster.stop()
        #expect(!FileManager.default.fileExists(atPath: cluster.storeFolder.path))
    }
}
