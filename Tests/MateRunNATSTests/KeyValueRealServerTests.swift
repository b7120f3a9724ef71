import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// The key-value bucket against a real `nats-server -js`: values and revisions, conditional
/// writes, deletes and the key listing, and the errors a caller meets.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct KeyValueRealServerTests {
    private let store = FileManager.default.temporaryDirectory.appendingPathComponent("materun-kv-\(UUID().uuidString)")

    private func jetStream() async throws -> NATSServerProcess {
        try await NATSServerProcess.start(arguments: ["-js", "-sd", store.path])
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func valuesAreReadBackWithTheRevisionEachWriteMade() async throws {
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)

        let first = try await bucket.put("group.a", bytes("one"))
        let second = try await bucket.put("group.a", bytes("two"))

        #expect(second > first)
        #expect(try await bucket.get("group.a") == KeyValueEntry(key: "group.a", value: bytes("two"), revision: second))
        #expect(try await bucket.get("group.none") == nil)
        await client.close()
        await server.stop()
    }

    @Test func anUpdateFromAnOldRevisionFailsAndLeavesTheNewerValue() async throws {
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        let read = try await bucket.create("lease", bytes("ann"))
        let written = try await bucket.update("lease", bytes("bo"), expectedRevision: read)

        await #expect {
            try await bucket.update("lease", bytes("cy"), expectedRevision: read)
        } throws: { error in
            guard case .wrongLastRevision(let key, let expected) = error as? JetStreamError else { return false }
            return key == "lease" && expected == read
        }
        #expect(try await bucket.get("lease")?.value == bytes("bo"))
        #expect(try await bucket.update("lease", bytes("cy"), expectedRevision: written) > written)
        await client.close()
        await server.stop()
    }

    @Test func createSucceedsOnlyWhenTheKeyHasNoValueDeletedKeysIncluded() async throws {
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        let created = try await bucket.create("k", bytes("1"))

        await #expect {
            try await bucket.create("k", bytes("2"))
        } throws: { error in
            guard case .keyExists("k", let revision) = error as? JetStreamError else { return false }
            return revision == created
        }
        try await bucket.delete("k")
        #expect(try await bucket.get("k") == nil)
        #expect(try await bucket.create("k", bytes("3")) > created)
        try await bucket.purge("k")
        #expect(try await bucket.get("k") == nil)
        #expect(try await bucket.create("k", bytes("4")) > created)
        #expect(try await bucket.get("k")?.value == bytes("4"))
        await client.close()
        await server.stop()
    }

    @Test func keysListsTheHeldKeysUnderAPrefixButNotTheDeleted() async throws {
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        for key in ["group.b.state", "group.a.state", "group.c.state", "lease.a"] {
            try await bucket.put(key, bytes(key))
        }
        try await bucket.delete("group.c.state")

        #expect(try await bucket.keys(matching: "group.>") == ["group.a.state", "group.b.state"])
        #expect(try await bucket.keys() == ["group.a.state", "group.b.state", "lease.a"])
        #expect(try await bucket.keys(matching: "none.>").isEmpty)
        await client.close()
        await server.stop()
    }

    @Test func ensuringABucketAgainKeepsItsValuesAndTakesTheNewSettings() async throws {
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let client = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let bucket = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        try await bucket.put("k", bytes("kept"))

        var longer = KeyValueBucketConfig(bucket: "groups")
        longer.history = 3
        let again = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        let changed = try await KeyValueStore.ensure(longer, on: client)

        #expect(try await again.get("k")?.value == bytes("kept"))
        let info = try await client.request("$JS.API.STREAM.INFO.KV_groups", payload: [], timeout: .seconds(10))
        #expect(String(decoding: info.payload, as: UTF8.self).contains(#""max_msgs_per_subject":3"#))
        #expect(try await changed.get("k")?.value == bytes("kept"))
        await client.close()
        await server.stop()
    }

    @Test func twoProcessesEnsuringTheSameBucketAtOnceBothGetIt() async throws {
        // Given two clients (two service instances started together)
        defer { try? FileManager.default.removeItem(at: store) }
        let server = try await jetStream()
        let first = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let second = try await NATSClient.connect(NATSClientOptions(url: server.url))
        // When both ensure the bucket at the same moment, many times over
        for round in 0..<10 {
            let config = KeyValueBucketConfig(bucket: "race\(round)")
            async let one = KeyValueStore.ensure(config, on: first)
            async let two = KeyValueStore.ensure(config, on: second)
            // Then neither fails, and both write to the one bucket
            let (a, b) = try await (one, two)
            try await a.put("k", bytes("a"))
            #expect(try await b.get("k")?.value == bytes("a"))
        }
        await first.close()
        await second.close()
        await server.stop()
    }

    @Test func aServerWithoutJetStreamAndAMissingBucketAreNamedErrors() async throws {
        let plain = try await NATSServerProcess.start()
        let client = try await NATSClient.connect(NATSClientOptions(url: plain.url))

        await #expect {
            _ = try await KeyValueStore.ensure(KeyValueBucketConfig(bucket: "groups"), on: client)
        } throws: { error in
            if case .notEnabled = error as? JetStreamError { true } else { false }
        }
        let missing = try KeyValueStore(bucket: "missing", client: client)
        await #expect {
            _ = try await missing.get("k")
        } throws: { error in
            if case .noResponders = error as? JetStreamError { true } else { false }
        }
        await #expect {
            _ = try await missing.put("k", [1])
        } throws: { error in
            if case .noResponders = error as? JetStreamError { true } else { false }
        }
        await client.close()
        await plain.stop()
    }
}
