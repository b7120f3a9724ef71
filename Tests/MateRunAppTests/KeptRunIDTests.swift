import Foundation
import Testing

/// A run says the id it was kept under when it ends, and `latest` is the run kept most recently,
/// whatever date its file carries.
@Suite("A kept run says its id, and latest is the run kept last", .serialized)
struct KeptRunIDTests {
    @Test func aJSONReplaysSummaryCarriesTheIDHistoryListsItUnder() async throws {
        // Given a replay kept in a data directory of its own
        let data = TemporaryDataDirectory()
        let replay = await runMateRun(
            ["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json"], data: data)
        #expect(replay.status == 0, "stderr: \(replay.errors.text)")
        // When its summary line is read, and the history listed
        let summary = try #require(replay.output.lines.last.flatMap(jsonObject))
        let history = await runMateRun(["history", "--json"], data: data)
        let listed = try #require(history.output.lines.first.flatMap(jsonObject))
        // Then the summary's run_id is the kept run's id, and nothing more was said on stderr
        let id = try #require(summary["run_id"] as? String)
        #expect(listed["id"] as? String == id)
        #expect(!replay.errors.text.contains("kept as"))
    }

    @Test func aPlainReplayTellsOnStandardErrorWhereItWasKept() async throws {
        // Given a plain replay kept in a data directory of its own
        let data = TemporaryDataDirectory()
        let replay = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max"], data: data)
        #expect(replay.status == 0)
        // When the history lists it
        let history = await runMateRun(["history", "--json"], data: data)
        let id = try #require(history.output.lines.first.flatMap(jsonObject)?["id"] as? String)
        // Then the replay said so, with the command that shows it again, and stdout is the result alone
        #expect(replay.errors.lines == ["materun: kept as \(id) · materun show latest"])
        #expect(!replay.output.text.contains(id))
    }

    @Test func aRunNotKeptSaysNoID() async throws {
        let replay = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json", "--no-save"])
        let summary = try #require(replay.output.lines.last.flatMap(jsonObject))
        #expect(summary["run_id"] == nil)
        #expect(replay.errors.text.isEmpty)
    }

    @Test func latestIsAFileFromYearsAgoJustReplayedNotTheRunOfToday() async throws {
        // Given a run of today, then a GPX file recorded in 2024 replayed after it
        let data = TemporaryDataDirectory()
        let today = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json"], data: data)
        // A second apart on the wall clock, so that the two are kept in different seconds
        try await Task.sleep(for: .seconds(1.1))
        let file = await runMateRun(["replay", packageRoot + "/Scenarios/river-run.gpx", "--speed", "max", "--json"], data: data)
        let todayID = try #require(today.output.lines.last.flatMap(jsonObject)?["run_id"] as? String)
        let fileID = try #require(file.output.lines.last.flatMap(jsonObject)?["run_id"] as? String)
        // When `latest` is shown and exported
        let shown = await runMateRun(["show", "latest", "--json"], data: data)
        let exported = await runMateRun(["export", "latest", "--format", "gpx"], data: data)
        let history = await runMateRun(["history"], data: data)
        // Then it is the file's run, the one kept last, though history lists it after today's (by its date)
        #expect(jsonObject(try #require(shown.output.lines.first))?["run_id"] as? String == fileID)
        #expect(exported.output.text.contains("2024-05"))
        let order = history.output.lines
        #expect(order.firstIndex { $0.contains(String(todayID.prefix(15))) }! < order.firstIndex { $0.contains(String(fileID.prefix(15))) }!)
        #expect(history.output.text.contains("latest (kept most recently) is \(fileID.prefix(15))"))
        // And each id starts with the local time it was kept, not the file's date
        #expect(!fileID.hasPrefix("2024"))
    }
}
