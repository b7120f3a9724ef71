import Foundation
import Testing

/// `--ghost`: a replay races a kept run or a file, and says who won.
@Suite("Racing a ghost", .serialized)
struct GhostRaceProcessTests {
    private func replay(_ scenario: String, _ extra: [String] = [], data: TemporaryDataDirectory) async -> (status: Int32, lines: [String], errors: String) {
        let run = await runMateRun(["replay", packageRoot + "/Scenarios/" + scenario, "--speed", "max", "--json"] + extra, data: data)
        return (run.status, run.output.lines, run.errors.text)
    }

    private func ghost(_ line: String?) -> [String: Any]? {
        line.flatMap(jsonObject)?["ghost"] as? [String: Any]
    }

    @Test func theSameScenarioAgainstItsLatestRunTies() async throws {
        // Given a kept replay of easy-5k
        let data = TemporaryDataDirectory()
        _ = await replay("easy-5k.json", data: data)
        // When it is replayed again against the latest run
        let again = await replay("easy-5k.json", ["--ghost", "latest"], data: data)
        // Then every progress line says where the ghost is (level all along), and the summary says tied
        #expect(again.status == 0, "\(again.errors)")
        let progress = again.lines.filter { $0.hasPrefix(#"{"type":"progress""#) }
        #expect(progress.count > 1000)
        #expect(progress.allSatisfy { ghost($0).map { abs(($0["gap_m"] as? Double) ?? 99) < 0.05 } ?? false })
        let result = try #require(ghost(again.lines.last))
        #expect(result["result"] as? String == "tied")
        #expect(result["gap_s"] as? Double == 0)
        #expect((result["source"] as? String)?.hasPrefix("run ") == true)
        // And the kept run remembers it: show prints the same summary line
        let shown = await runMateRun(["show", "latest", "--json"], data: data)
        #expect(shown.output.lines == [again.lines.last!])
    }

    @Test func aFasterRunBeatsASlowerKeptRunByTheDifferenceOfTheirTimesAtTheGoal() async throws {
        // Given a kept 5 km in 1926.4 s
        let data = TemporaryDataDirectory()
        let slow = await replay("easy-5k.json", data: data)
        let slowTime = try #require(jsonObject(slow.lines.last!)?["moving_s"] as? Double)
        // When a 5 km run at a faster pace races it
        let fast = await replay("race-fast-5k.json", ["--ghost", "latest"], data: data)
        let fastTime = try #require(jsonObject(fast.lines.last!)?["moving_s"] as? Double)
        // Then it won by the difference of the two, within a second
        let result = try #require(ghost(fast.lines.last))
        #expect(result["result"] as? String == "won")
        #expect(abs((result["gap_s"] as? Double ?? 0) - (slowTime - fastTime)) <= 1)
        #expect(abs((result["elapsed_s"] as? Double ?? 0) - slowTime) <= 1)
    }

    @Test func bestIsTheFastestKeptRunOverTheGoal() async throws {
        // Given three kept 5 km runs, race-fast the fastest
        let data = TemporaryDataDirectory()
        _ = await replay("easy-5k.json", data: data)
        let fastest = await replay("race-fast-5k.json", data: data)
        _ = await replay("race-steady-5k.json", data: data)
        let fastestID = try #require(jsonObject(fastest.lines.last!)?["run_id"] as? String)
        // When a run races the best over 5 km
        let raced = await replay("race-steady-5k.json", ["--ghost", "best", "--goal", "5"], data: data)
        // Then its ghost is race-fast's run, and it lost
        let result = try #require(ghost(raced.lines.last))
        #expect((result["source"] as? String)?.contains(fastestID) == true, "\(result)")
        #expect(result["result"] as? String == "lost")
    }

    @Test func aFileIsRunThroughTheTrackerAsItsGhost() async throws {
        let data = TemporaryDataDirectory()
        let raced = await replay("race-steady-5k.json", ["--ghost", packageRoot + "/Scenarios/river-run.gpx", "--no-save"], data: data)
        let result = try #require(ghost(raced.lines.last))
        #expect(result["source"] as? String == "file river-run.gpx")
        // Compared over the file's 4.05 km, the shorter of the two
        #expect(abs((result["distance_m"] as? Double ?? 0) - 4046.1) < 1)
    }

    @Test(arguments: [
        (["--ghost", "nope"], "--ghost nope: no kept run matches it, and no such file"),
        (["--ghost", "best"], "--ghost best races your fastest kept run over the goal's distance: give --goal KM"),
    ] as [([String], String)])
    func aGhostThatCannotBeFoundIsAClearErrorBeforeTheRun(arguments: [String], message: String) async {
        let data = TemporaryDataDirectory()
        let run = await runMateRun(["replay", packageRoot + "/Scenarios/river-run.gpx", "--speed", "max"] + arguments, data: data)
        #expect(run.status == 1)
        #expect(run.errors.text.contains(message), "\(run.errors.text)")
        #expect(run.output.text.isEmpty)
    }
}
