import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization
import Testing

/// A bucket with 3 replicas on a real 3-node cluster: conditional writes decided by the
/// stream's leader whichever node a client is on, and values that outlive a node.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct KeyValueClusterTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func client(_ cluster: NATSServerCluster, first node: Int) async throws -> NATSClient {
        let urls = cluster.urls
        var options = NATSClientOptions(url: urls[node])
        options.alternativeURLs = urls.enumerated().filter { $0.offset != node }.map(\.element)
        options.reconnectDelay = .milliseconds(50)
        options.maxReconnectDelay = .milliseconds(500)
        return try await NATSClient.connect(options)
    }

    private func replicated(_ bucket: String) -> KeyValueBucketConfig {
        var config = KeyValueBucketConfig(bucket: bucket)
        config.replicas = 3
        return config
    }

    /// `operation`'s result, tried again while it times out or loses its connection (a stream
    /// electing a leader), for at most 30 s.
    private func retryingWhileUnavailable<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withTimeout(30) {
            while true {
                do {
                    return try await operation()
                } catch let error as JetStreamError {
                    switch error {
                    case .timedOut, .nats: try await Task.sleep(for: .milliseconds(200))
                    default: throw error
                    }
                }
            }
        }
    }

    /// Whether `bucket` comes to read `revision` of "result" within 30 s (a replica applies
    /// what its leader accepted a moment later).
    private func reads(_ revision: UInt64, from bucket: KeyValueStore) async throws -> Bool {
        try await retryingWhileUnavailable {
            while try await bucket.get("result")?.revision != revision {
                try await Task.sleep(for: .milliseconds(100))
            }
            return true
        }
    }

    @Test func clientsOnDifferentNodesRacingAnUpdateFromTheSameRevisionLeaveExactlyOneWinner() async throws {
        // Given a replicated bucket, and two clients on different nodes
        let cluster = try await NATSServerCluster.start()
        let ann = try await client(cluster, first: 0)
        let bo = try await client(cluster, first: 2)
        let annBucket = try await KeyValueStore.ensure(replicated("race"), on: ann, timeout: .seconds(10))
        let boBucket = try KeyValueStore(bucket: "race", client: bo, timeout: .seconds(10))
        var revision = try await annBucket.create("lease", bytes("nobody"))

        // When both update from the revision they read, 20 times
        var winners: [String] = []
        for round in 0..<20 {
            let read = revision
            async let annWrote = try? annBucket.update("lease", bytes("ann \(round)"), expectedRevision: read)
            async let boWrote = try? boBucket.update("lease", bytes("bo \(round)"), expectedRevision: read)
            let (annRevision, boRevision) = await (annWrote, boWrote)

            // Then exactly one write is taken each time, and the bucket holds the winner's value
            #expect((annRevision == nil) != (boRevision == nil), "round \(round): ann \(annRevision as Any), bo \(boRevision as Any)")
            let entry = try #require(try await annBucket.get("lease"))
            let winner = annRevision != nil ? "ann \(round)" : "bo \(round)"
            #expect(entry.revision == (annRevision ?? boRevision) && entry.value == bytes(winner))
            winners.append(winner)
            revision = entry.revision
        }
        print("race winners: ann \(winners.filter { $0.hasPrefix("ann") }.count), bo \(winners.filter { $0.hasPrefix("bo") }.count) of 20")
        await ann.close()
        await bo.close()
        await cluster.stop()
    }

    @Test func aValueSurvivesKillingANodeAndTheBucketTakesWritesMeanwhile() async throws {
        // Given a replicated bucket holding a value, written through node 1
        let cluster = try await NATSServerCluster.start()
        let writer = try await client(cluster, first: 0)
        let bucket = try await KeyValueStore.ensure(replicated("durable"), on: writer, timeout: .seconds(10))
        let written = try await bucket.put("result", bytes("kept"))

        // When node 1 is killed
        cluster.kill(node: 0)

        // Then a client on node 3 reads the value, and the writer (failed over) updates it, once
        // the stream has a leader again (a request meanwhile may go unanswered: it is tried again)
        let killedAt = ContinuousClock.now
        let reader = try await client(cluster, first: 2)
        let readBucket = try KeyValueStore(bucket: "durable", client: reader, timeout: .seconds(2))
        let read = try await retryingWhileUnavailable { try await readBucket.get("result") }
        let readAfter = ContinuousClock.now - killedAt
        #expect(read == KeyValueEntry(key: "result", value: bytes("kept"), revision: written))
        let updated = try await retryingWhileUnavailable { try await bucket.update("result", self.bytes("after"), expectedRevision: written) }
        print("after node 1 was killed: read after \(readAfter), updated after \(ContinuousClock.now - killedAt)")
        #expect(try await reads(updated, from: readBucket))

        // And once node 1 is back, its copy reads the update
        try await cluster.restart(node: 0)
        let returning = try await NATSClient.connect(NATSClientOptions(url: cluster.urls[0]))
        let returningBucket = try KeyValueStore(bucket: "durable", client: returning, timeout: .seconds(10))
        #expect(try await reads(updated, from: returningBucket))
        await returning.close()
        await reader.close()
        await writer.close()
        await cluster.stop()
    }

    @Test func anUpdateWithAStaleRevisionFailsOnTheCluster() async throws {
        let cluster = try await NATSServerCluster.start()
        let client = try await client(cluster, first: 1)
        let bucket = try await KeyValueStore.ensure(replicated("stale"), on: client, timeout: .seconds(10))
        let first = try await bucket.create("k", bytes("1"))
        try await bucket.update("k", bytes("2"), expectedRevision: first)

        await #expect {
            try await bucket.update("k", bytes("3"), expectedRevision: first)
        } throws: { error in
            if case .wrongLastRevision = error as? JetStreamError { true } else { false }
        }
        #expect(try await bucket.get("k")?.value == bytes("2"))
        await client.close()
        await cluster.stop()
    }
}
