import Foundation
@testable import MateRunApp
import Testing

/// Every bundled scenario replayed at `--speed max`, its JSON summary pinned in
/// `Golden/summaries.jsonl`. Set `MATERUN_RECORD_GOLDEN=1` to rewrite the file after a deliberate
/// change (each case that rewrites fails), and review the difference before committing it.
@Suite("Bundled scenarios replay to their pinned summaries", .serialized)
struct BundledScenarioSummaryTests {
    static let goldenPath = packageRoot + "/Tests/MateRunAppTests/Golden/summaries.jsonl"

    static let scenarios: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Scenarios")) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".gpx") }.sorted()
    }()

    static func pinned() -> [String: String] {
        let text = (try? String(contentsOfFile: goldenPath, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            result[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return result
    }

    @Test func thereAreBundledScenarios() {
        #expect(Self.scenarios.count >= 7)
    }

    @Test("replays to its pinned summary", arguments: scenarios)
    func replaysToItsPinnedSummary(file: String) async throws {
        // Given a bundled scenario
        let path = packageRoot + "/Scenarios/" + file
        // When it is replayed as fast as possible
        let run = await runMateRun(["replay", path, "--speed", "max", "--json", "--no-save"])
        let summary = try #require(run.output.lines.last)
        // Then it ends with exactly the summary pinned for it
        #expect(run.status == 0)
        if ProcessInfo.processInfo.environment["MATERUN_RECORD_GOLDEN"] == "1", summary != Self.pinned()[file] {
            // A rewrite fails the test that made it: a run in record mode can never pass.
            var pinned = Self.pinned()
            pinned[file] = summary
            let text = pinned.keys.sorted().map { "\($0)\t\(pinned[$0] ?? "")" }.joined(separator: "\n") + "\n"
            try text.write(toFile: Self.goldenPath, atomically: true, encoding: .utf8)
            Issue.record("rewrote the pinned summary of \(file): review the diff, then run again without MATERUN_RECORD_GOLDEN")
            return
        }
        #expect(summary == Self.pinned()[file], "summary of \(file) changed; rerun with MATERUN_RECORD_GOLDEN=1 if deliberate")
    }
}
