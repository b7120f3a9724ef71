import Foundation
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// A group race between real processes through a nats-server that wants TLS, and one that knows
/// its users only by their NKEY: every NATS option reaches the creator and the runner alike, and
/// the signed group protocol runs over either. One race at a time (two replaying processes each).
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct GroupLoginProcessTests {
    @Test(.enabled(if: TestCertificates.executable != nil, Comment(rawValue: TestCertificates.skipReason)))
    func aGroupRacesThroughATLSServer() async throws {
        // Given a nats-server with TLS only, its certificate signed by a CA of the test's own
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])
        // When a creator and a runner race through it, trusting that CA
        let places = try await groupRace(login: ["--via", "tls://127.0.0.1:\(server.port)", "--nats-ca", certificates.caFile])
        await server.stop()
        // Then both finish with the same table: the fast creator first
        #expect(places == ["Creator": 1, "Runner": 2])
    }

    @Test func aGroupRacesAsAnNKEYUser() async throws {
        // Given a nats-server that admits only the NKEY user of a seed file
        let server = try await NKEYUserServer.start()
        // When a creator and a runner race through it with that seed
        let places = try await groupRace(login: ["--via", server.via, "--nats-creds", server.seedFile])
        await server.stop()
        // Then both finish with the same table: the fast creator first
        #expect(places == ["Creator": 1, "Runner": 2])
    }

    /// A 0.5 km race at 20x between the fast creator and the steady runner with `login`'s NATS
    /// options; the places both summaries agree on (an issue is recorded where they differ).
    private func groupRace(login: [String]) async throws -> [String: Int] {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + .seconds(120)
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--mode", "race", "--goal", "0.5", "--speed", "20",
                "--start-when", "2", "--name", "Creator", "--no-save", "--json",
            ] + login, executable: executable)
        defer { creator.kill() }
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let runner = try MateRunProcess(
            "runner", arguments: [
                "group", "join", "Scenarios/race-steady-5k.json", "--code", code, "--name", "Runner", "--no-save", "--json",
            ] + login, executable: executable)
        defer { runner.kill() }
        var tables: [[String: Int]] = []
        for process in [creator, runner] {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
            let summary = try #require(process.lastEvent("summary"), "\(process.label) printed no summary: \(process.tail)")
            let group = try #require(summary["group"] as? [String: Any], "no group in \(process.label)'s summary")
            let results = try #require(group["results"] as? [[String: Any]])
            tables.append(Dictionary(uniqueKeysWithValues: results.compactMap { row in
                (row["name"] as? String).flatMap { name in (row["place"] as? Int).map { (name, $0) } }
            }))
        }
        #expect(tables[0] == tables[1], "the creator and the runner disagree: \(tables)")
        return tables[0]
    }
}
