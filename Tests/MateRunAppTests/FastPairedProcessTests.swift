import Foundation
import Testing

/// End to end at the speeds where the clocks of two machines help least: two real `materun`
/// processes race at `--speed 10000` and as fast as each machine allows. Honest figures must never
/// be refused, and both sides must name the same winner (the race is decided by run time).
///
/// Every wait is bounded by `bound`; the processes are killed by their own handles when a test ends.
/// Serialized: two pairs replaying at full speed at once would take both cores from every other test.
@Suite("Paired materun processes at 10 000× and max", .serialized, .timeLimit(.minutes(3)))
struct FastPairedProcessTests {
    static let bound: Duration = .seconds(60)

    @Test(arguments: ["10000", "max"])
    func anHonestRaceIsNeverRefusedAndBothSidesNameTheSameWinner(speed: String) async throws {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + Self.bound
        let data = TemporaryDataDirectory()
        // Given a host on the fast 5 km and a joiner on the steady one
        let host = try MateRunProcess(
            "host", arguments: ["host", scenario("race-fast-5k.json"), "--mode", "race", "--speed", speed, "--json"],
            executable: executable, data: data)
        defer { host.kill() }
        let listening = try #require(
            try await host.firstEvent("listening", before: deadline), "host printed no listening line:\n\(host.tail)")
        let port = try #require(listening["port"] as? Int)
        let code = try #require(listening["code"] as? String)
        let joiner = try MateRunProcess(
            "join", arguments: ["join", scenario("race-steady-5k.json"), "--connect", "127.0.0.1:\(port)", "--code", code, "--json"],
            executable: executable, data: data)
        defer { joiner.kill() }

        // When they race to the end
        let hostStatus = try await host.exitStatus(before: deadline)
        let joinerStatus = try await joiner.exitStatus(before: deadline)

        // Then both end normally, neither refused the other's figures, and both name the fast host
        #expect(hostStatus == 0, "host:\n\(host.tail)")
        #expect(joinerStatus == 0, "join:\n\(joiner.tail)")
        let hostSummary = try #require(host.lines.last.flatMap(jsonObject), "host ended without a summary:\n\(host.tail)")
        let joinerSummary = try #require(joiner.lines.last.flatMap(jsonObject), "join ended without a summary:\n\(joiner.tail)")
        #expect(hostSummary["result"] as? String == "won", "host:\n\(host.tail)")
        #expect(joinerSummary["result"] as? String == "lost", "join:\n\(joiner.tail)")
        #expect(hostSummary["winner"] as? String == "host")
        #expect(joinerSummary["winner"] as? String == "host")
        #expect(hostSummary["result_reason"] == nil && joinerSummary["result_reason"] == nil)
    }

    private func scenario(_ name: String) -> String { packageRoot + "/Scenarios/" + name }
}
