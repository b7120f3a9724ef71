import Foundation
import MateRunJSON
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization
import Testing

/// A service instance answers the discovery requests through a real nats-server: to this
/// client's requests, and to nats-py's, another implementation of the protocol.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSServiceResponderTests {
    private let service = NATSServiceDescription(
        name: "materun-serve", id: "inst1", version: "1.0.0", endpoints: [.init(name: "create", subject: "materun.serve.create")])

    @Test func pingInfoAndStatsAreAnsweredWithTheOwnersNumbersOfTheMoment() async throws {
        // Given a service instance whose owner counts its requests
        let server = try await NATSServerProcess.start()
        let serviceClient = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let counted = Mutex(3)
        let responder = try NATSServiceResponder(service, on: serviceClient) {
            [NATSServiceEndpointStats(name: "create", requests: counted.withLock { $0 }, data: ["groups_held": 1])]
        }
        try await serviceClient.flush()
        let asker = try await NATSClient.connect(NATSClientOptions(url: server.url))

        // When another client asks
        let ping = JSONField(try JSONParser.parse(try await asker.request("$SRV.PING", payload: [], timeout: .seconds(10)).payload))
        let info = JSONField(try JSONParser.parse(try await asker.request("$SRV.INFO.materun-serve", payload: [], timeout: .seconds(10)).payload))
        counted.withLock { $0 = 5 }
        let stats = JSONField(
            try JSONParser.parse(try await asker.request("$SRV.STATS.materun-serve.inst1", payload: [], timeout: .seconds(10)).payload))

        // Then each answer names the instance, and the stats are those of the moment asked
        #expect(ping["type"].stringValue == "io.nats.micro.v1.ping_response" && ping["id"].stringValue == "inst1")
        #expect(try info["endpoints"].array().first?["subject"].stringValue == "materun.serve.create")
        #expect(try stats["endpoints"].array().first?["num_requests"].integerValue == 5)
        #expect(try stats["endpoints"].array().first?["data"]["groups_held"].integerValue == 1)
        await #expect(throws: NATSError.self) { _ = try await asker.request("$SRV.PING.other-service", payload: [], timeout: .seconds(10)) }

        // And once stopped it answers no more
        responder.stop()
        try await serviceClient.flush()
        await #expect(throws: NATSError.self) { _ = try await asker.request("$SRV.PING.materun-serve", payload: [], timeout: .seconds(10)) }
        await asker.close()
        await serviceClient.close()
        await server.stop()
    }

    @Test(.enabled(if: PythonNATS.available, "python3 with nats-py is not installed (pip install nats-py)"))
    func natsPyFindsTheInstanceByPing() async throws {
        let server = try await NATSServerProcess.start()
        let serviceClient = try await NATSClient.connect(NATSClientOptions(url: server.url))
        let responder = try NATSServiceResponder(service, on: serviceClient)
        try await serviceClient.flush()

        let answer = try await PythonNATS.run(
            """
            import asyncio, json, sys, nats
            async def main():
                nc = await nats.connect(sys.argv[1])
                for subject in ["$SRV.PING", "$SRV.INFO.materun-serve", "$SRV.STATS.materun-serve.inst1"]:
                    reply = json.loads((await nc.request(subject, b"", timeout=10)).data)
                    print(reply["type"], reply["name"], reply["id"])
                await nc.close()
            asyncio.run(main())
            """, arguments: ["nats://127.0.0.1:\(server.port)"])

        #expect(answer == [
            "io.nats.micro.v1.ping_response materun-serve inst1", "io.nats.micro.v1.info_response materun-serve inst1",
            "io.nats.micro.v1.stats_response materun-serve inst1",
        ].joined(separator: "\n"))
        responder.stop()
        await serviceClient.close()
        await server.stop()
    }
}

/// python3 with nats-py, for a check by another implementation of the protocol.
enum PythonNATS {
    static let available: Bool = (try? runBlocking("import nats", arguments: [])) != nil

    /// Runs `script` and returns its standard output, trimmed; throws when it fails or runs
    /// more than 30 s (then it is killed by its PID).
    static func run(_ script: String, arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(script, arguments: arguments) }) }.start()
        }
    }

    private struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    private static func runBlocking(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python3 exited \(process.terminationStatus): \(String(decoding: complaint.suffix(500), as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
