import Foundation
import MateRunScenarios
import Testing

/// The history commands end to end, in process: every run is kept in a temporary data directory
/// (never the real home), then listed, shown, exported and deleted. Serialized: each test replays
/// whole scenarios, and all at once they would starve the suites that wait on real time.
@Suite("Kept runs: history, show, export, delete", .serialized)
struct RecordCommandTests {
    let data = TemporaryDataDirectory()

    /// Replays `scenario` (a bundled one's name, or a path) at full speed as JSON into `data`;
    /// returns its summary line.
    @discardableResult
    func keep(_ scenario: String, _ extra: [String] = []) async throws -> String {
        let path = scenario.hasPrefix("/") ? scenario : packageRoot + "/Scenarios/" + scenario
        let run = await runMateRun(["replay", path, "--speed", "max", "--json"] + extra, data: data)
        #expect(run.status == 0, "stderr: \(run.errors.text)")
        return try #require(run.output.lines.last)
    }

    func historyJSON(_ extra: [String] = []) async -> [[String: Any]] {
        await runMateRun(["history", "--json"] + extra, data: data).output.lines.compactMap(jsonObject)
    }

    @Test func historyListsEachKeptRunWithItsTotalsAndBests() async throws {
        // Given two runs kept
        try await keep("easy-5k.json")
        try await keep("intervals-10k.json")
        // When history is asked for
        let history = await runMateRun(["history"], data: data)
        // Then each run has a line, newest first, and the totals and bests follow
        #expect(history.status == 0)
        let text = history.output.text
        let easy = try #require(text.range(of: "Easy 5K")), intervals = try #require(text.range(of: "10K"))
        #expect(intervals.lowerBound < easy.lowerBound, "newest first:\n\(text)")
        #expect(text.contains("5.00 km") && text.contains("goal reached"))
        for heading in ["Weeks", "Months", "Personal bests"] { #expect(text.contains("\n\(heading)"), "no \(heading):\n\(text)") }
        #expect(text.contains("  2 runs "), "one week and one month hold both runs:\n\(text)")
        #expect(text.contains("  10 km         00:"), "a 10 km best:\n\(text)")
        #expect(history.errors.text.isEmpty)
    }

    @Test func historyJSONHasAnObjectPerRunThenTheBestsLine() async throws {
        try await keep("easy-5k.json")
        let lines = await historyJSON()
        #expect(lines.count == 2)
        let run = try #require(lines.first)
        for key in ["id", "started_at", "runner", "scenario", "distance_m", "elapsed_s", "moving_s", "calories_kcal", "avg_pace_s_per_km", "ending"] {
            #expect(run[key] != nil, "missing \(key)")
        }
        #expect(run["distance_m"] as? Double == 5000 && run["ending"] as? String == "goal_reached")
        let bests = try #require(lines.last)
        #expect(bests["type"] as? String == "bests")
        #expect((bests["1k"] as? [String: Any])?["id"] as? String == run["id"] as? String)
        #expect(bests["5k"] != nil && bests["10k"] == nil)
    }

    @Test func sinceAndLimitNarrowTheList() async throws {
        try await keep("easy-5k.json")
        try await keep("easy-5k.json")
        #expect(await historyJSON(["--limit", "1"]).count == 2)
        #expect(await historyJSON(["--since", "2999-01-01"]).map { $0["type"] as? String } == ["bests"])
    }

    @Test func noSaveKeepsNothing() async throws {
        try await keep("easy-5k.json", ["--no-save"])
        #expect(await historyJSON().map { $0["type"] as? String } == ["bests"])
    }

    @Test func theDataDirectoryFlagWinsOverTheEnvironment() async throws {
        // Given a run kept with --data-dir
        let other = TemporaryDataDirectory()
        try await keep("easy-5k.json", ["--data-dir", other.path])
        // Then it is there, and not where the environment points
        #expect(await runMateRun(["history", "--json", "--data-dir", other.path], data: data).output.lines.count == 2)
        #expect(await historyJSON().count == 1)
    }

    @Test func showPrintsTheResultAgainAndWithJSONTheSummaryLineTheRunPrinted() async throws {
        // Given a kept run and the summary line it printed
        let summary = try await keep("hilly-8k.json")
        // When it is shown again
        let json = await runMateRun(["show", "latest", "--json"], data: data)
        let screen = await runMateRun(["show", "latest"], data: data)
        // Then the JSON is the same line, and the screen is the result screen
        #expect(json.output.lines == [summary])
        #expect(screen.status == 0)
        #expect(screen.output.text.contains("Goal reached · Alasdair"))
        #expect(screen.output.text.contains("── Splits"))
        // And an unknown run is an error that says so
        let missing = await runMateRun(["show", "nope"], data: data)
        #expect(missing.status == 1 && missing.errors.text.contains("no kept run matches 'nope'"))
    }

    @Test func exportWritesAKeptRunAsGPXAndTCX() async throws {
        try await keep("easy-5k.json")
        let gpx = data.path + "/run.gpx", tcx = data.path + "/run.tcx"
        #expect(await runMateRun(["export", "latest", "--format", "gpx", "-o", gpx], data: data).status == 0)
        #expect(await runMateRun(["export", "latest", "--format", "tcx", "-o", tcx], data: data).status == 0)
        let gpxText = try String(contentsOfFile: gpx, encoding: .utf8)
        let tcxText = try String(contentsOfFile: tcx, encoding: .utf8)
        // A fix about every second of the 32-minute run, and a lap per kilometre
        #expect(gpxText.components(separatedBy: "<trkpt ").count - 1 > 1900)
        #expect(gpxText.contains("<gpxtpx:cad>"))
        #expect(tcxText.components(separatedBy: "<Lap ").count - 1 == 5)
    }

    @Test func exportWritesAKeptRunAsAWebPageCarryingItsMessages() async throws {
        // Given a run kept under a name that is markup
        try await keep("easy-5k.json", ["--name", "<img src=x onerror=alert(1)>"])
        let page = data.path + "/run.html"
        let id = try #require(await historyJSON().first?["id"] as? String)
        let kept = try String(contentsOfFile: data.path + "/runs/\(id)/run.json", encoding: .utf8)
        let fixes = try #require(jsonObject(kept)?["fixes"] as? Int)
        // When it is exported as a page
        let export = await runMateRun(["export", "latest", "--format", "html", "-o", page], data: data)
        #expect(export.status == 0, "stderr: \(export.errors.text)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Then the page carries a hello, a progress per kept fix, the five splits and the summary,
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<script type=\"application/json\" id=\"events\">"))
        #expect(html.components(separatedBy: "{\"type\":\"progress\",\"data\":").count - 1 == fixes)
        #expect(html.components(separatedBy: "{\"type\":\"split\",\"data\":").count - 1 == 5)
        #expect(html.components(separatedBy: "{\"type\":\"summary\",\"data\":").count - 1 == 1)
        // and the runner's name only as escaped JSON text
        #expect(!html.contains("<img"))
        #expect(html.contains(#""runner":"\u003cimg src=x onerror=alert(1)>""#))
    }

    @Test func aScenarioIsNotExportedAsAPage() async throws {
        let path = packageRoot + "/Scenarios/easy-5k.json"
        let export = await runMateRun(["export", path, "--format", "html"], data: data)
        #expect(export.status == 1)
        #expect(export.errors.text.contains("--format html writes a kept run, not a scenario"))
        #expect(export.output.text.isEmpty)
    }

    @Test func exportOfAScenarioWritesEveryFixItsSensorsGive() async throws {
        // Given a scripted scenario with noise, outliers and a loss of signal
        let path = packageRoot + "/Scenarios/noisy-city-5k.json"
        let scenario = try ScenarioLoader.load(path: path)
        // When it is exported
        let export = await runMateRun(["export", path, "--format", "gpx"], data: data)
        // Then every fix it generates is a track point, and nothing was kept
        #expect(export.status == 0)
        #expect(export.output.text.components(separatedBy: "<trkpt ").count - 1 == scenario.locations.count)
        #expect(await historyJSON().count == 1)
    }

    @Test("an exported run replays to the same distance, within 0.5%",
          arguments: ["river-run.gpx", "easy-5k.json", "hilly-8k.json", "intervals-10k.json", "noisy-city-5k.json", "walk-run-beginner.json"])
    func anExportedRunReplaysToTheSameDistance(scenario: String) async throws {
        // Given a kept run, exported
        try await keep(scenario)
        let kept = try #require(await historyJSON().first?["distance_m"] as? Double)
        let gpx = data.path + "/again.gpx"
        #expect(await runMateRun(["export", "latest", "--format", "gpx", "-o", gpx], data: data).status == 0)
        // When the export is replayed
        let again = try #require(jsonObject(try await keep(gpx, ["--no-save"])))
        // Then it runs the same distance, within 0.5%
        let distance = try #require(again["distance_m"] as? Double)
        #expect(abs(distance - kept) / kept <= 0.005, "kept \(kept) m, replayed \(distance) m")
    }

    @Test func deleteRemovesARunForGood() async throws {
        try await keep("easy-5k.json")
        let id = try #require(await historyJSON().first?["id"] as? String)
        // latest is not a name a deletion takes
        #expect(await runMateRun(["delete", "latest"], data: data).status == 1)
        // the start of the id that history shows is
        let deleted = await runMateRun(["delete", String(id.prefix(15))], data: data)
        #expect(deleted.status == 0 && deleted.output.lines == ["deleted \(id)"])
        #expect(await historyJSON().count == 1)
        let again = await runMateRun(["delete", id], data: data)
        #expect(again.status == 1 && again.errors.text.contains("no kept run has the id \(id)"))
    }

    @Test func aCorruptOrForeignFileIsNamedOnStandardErrorAndSkipped() async throws {
        // Given a kept run, a run.json cut in half, and a file that is not a run
        try await keep("easy-5k.json")
        let runs = data.path + "/runs"
        try FileManager.default.createDirectory(atPath: runs + "/20260101-000000-1-deadbeef", withIntermediateDirectories: true)
        try Data("{\"format\":\"materun-run\",\"version\":1,\"id\":".utf8).write(to: URL(fileURLWithPath: runs + "/20260101-000000-1-deadbeef/run.json"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: runs + "/notes.txt"))
        // When history is listed
        let history = await runMateRun(["history", "--json"], data: data)
        // Then both are named on standard error, the good run is still listed, and all is well
        #expect(history.status == 0)
        #expect(history.output.lines.count == 2)
        #expect(history.errors.text.contains("20260101-000000-1-deadbeef/run.json"))
        #expect(history.errors.text.contains("notes.txt"))
    }

    /// Every file under `directory` with its bytes and modification time.
    private func snapshot(of directory: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            let path = directory + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let bytes = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "<directory>"
            files[name] = "\(modified) \(bytes)"
        }
        return files
    }

    @Test func aRunWithADamagedSummaryComesBackFromItsJournal() async throws {
        // Given a kept run whose run.json is then damaged
        let summaryLine = try await keep("easy-5k.json")
        let id = try #require(await historyJSON().first?["id"] as? String)
        let file = data.path + "/runs/" + id + "/run.json"
        try Data("{\"format\":\"materun-run\",\"vers".utf8).write(to: URL(fileURLWithPath: file))
        // When history and show read it
        let history = await runMateRun(["history", "--json"], data: data)
        let show = await runMateRun(["show", id, "--json"], data: data)
        // Then it is listed and shown as it was kept, and standard error says it was read from the journal
        #expect(history.output.lines.compactMap(jsonObject).contains { $0["id"] as? String == id && $0["ending"] as? String == "goal_reached" })
        #expect(history.errors.text.contains("read from its journal"))
        #expect(show.status == 0)
        #expect(show.output.lines == [summaryLine])
        // And the next replay rebuilds run.json, and says so
        let replay = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json"], data: data)
        #expect(replay.errors.text.contains("rebuilt from its journal"), "stderr: \(replay.errors.text)")
        let afterwards = await runMateRun(["history", "--json"], data: data)
        #expect(afterwards.errors.text.isEmpty, "stderr: \(afterwards.errors.text)")
    }

    @Test func historyCountsTheRunsItCouldNotReadInsteadOfSayingThereAreNone() async throws {
        // Given a history whose only two entries cannot be read at all
        let runs = data.path + "/runs"
        for name in ["20260101-000000-1-deadbeef", "20260102-000000-1-deadbeef"] {
            try FileManager.default.createDirectory(atPath: runs + "/" + name, withIntermediateDirectories: true)
            try Data("{\"format\":".utf8).write(to: URL(fileURLWithPath: runs + "/" + name + "/run.json"))
        }
        // When history is listed for a person
        let history = await runMateRun(["history"], data: data)
        // Then it says two entries were skipped, names them, and never that no runs were kept
        #expect(history.status == 0)
        #expect(!history.output.text.contains("No runs kept yet"))
        #expect(history.output.text.contains("2 entries of the history could not be read"))
        #expect(history.errors.text.contains("20260101-000000-1-deadbeef") && history.errors.text.contains("20260102-000000-1-deadbeef"))
    }

    @Test func readOnlyCommandsWriteNothing() async throws {
        // Given a kept run, and a run whose process died before it was sealed
        try await keep("easy-5k.json")
        let id = try #require(await historyJSON().first?["id"] as? String)
        let cut = data.path + "/runs/20260101-000000-1-0badcafe"
        try FileManager.default.createDirectory(atPath: cut, withIntermediateDirectories: true)
        let journal = try String(contentsOfFile: data.path + "/runs/" + id + "/track.jsonl", encoding: .utf8)
            .split(separator: "\n").prefix(50).joined(separator: "\n") + "\n{\"type\":\"fix\",\"t\":"
        try Data(journal.utf8).write(to: URL(fileURLWithPath: cut + "/track.jsonl"))
        let before = try snapshot(of: data.path)
        // When every read-only command runs over the history
        let scenario = packageRoot + "/Scenarios/easy-5k.json"
        for arguments in [
            ["validate", scenario], ["scenarios", "--dir", packageRoot + "/Scenarios"], ["history"], ["history", "--json"],
            ["show", id], ["show", "20260101-000000"], ["export", id, "--format", "gpx"], ["export", "latest", "--format", "tcx"],
            ["export", scenario, "--format", "gpx"],
        ] {
            let run = await runMateRun(arguments, data: data)
            #expect(run.status == 0, "\(arguments): \(run.errors.text)")
        }
        // Then not a byte and not a time changed, and the cut run was shown all along
        #expect(try snapshot(of: data.path) == before)
        #expect(await historyJSON().contains { $0["ending"] as? String == "interrupted" })
    }
}
