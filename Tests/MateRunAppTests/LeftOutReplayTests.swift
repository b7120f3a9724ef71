import Foundation
import Testing

/// A GPX holding a car drive, and one whose receiver jumps, replayed by the real `materun`: the
/// distance is the running alone, and the summary says what was left out (issue 33: a drive read
/// 39% short with no word of it). The files are written by scripts/make-left-out-gpx-fixtures.py,
/// with their truth in `<metadata><desc>`. Every wait is bounded.
@Suite("What a replay leaves out is said", .serialized, .timeLimit(.minutes(3)))
struct LeftOutReplayTests {
    private static func path(_ file: String) -> String { packageRoot + "/Tests/MateRunAppTests/DeviceGPX/" + file }

    /// The file's `key=` number in its metadata.
    private func truth(_ key: String, of file: String) throws -> Double {
        let text = try String(contentsOfFile: Self.path(file), encoding: .utf8)
        let start = try #require(text.range(of: key + "="))
        let digits = text[start.upperBound...].prefix { $0.isNumber || $0 == "." }
        return try #require(Double(String(digits)))
    }

    @Test func aDriveInARunIsLeftOutAndNamedInTheJSONSummaryAndTheKeptRun() async throws {
        // Given a 6 km run with a 14.8 km drive in the middle
        let file = "run-with-drive.gpx"
        let running = try truth("true_m", of: file), driven = try truth("left_out_m", of: file)
        let from = try truth("left_out_from_s", of: file), to = try truth("left_out_to_s", of: file)
        // When the materun binary replays it at full speed with --json
        let replay = try MateRunProcess(
            "replay", arguments: ["replay", Self.path(file), "--speed", "max", "--json", "--weight", "70"],
            executable: try requireMateRunExecutable())
        #expect(try await replay.exitStatus(before: .now + .seconds(120)) == 0, "\(replay.tail)")
        let line = try #require(replay.lines.last)
        let summary = try #require(jsonObject(line))
        // Then its distance is the running only, within 1%
        let distance = try #require(summary["distance_m"] as? Double)
        #expect(abs(distance - running) / running < 0.01, "\(distance) m of \(running) m")
        // And left_out names the drive: too fast, its length within 1%, from its start to just after its end
        let leftOut = try #require(summary["left_out"] as? [[String: Any]])
        #expect(leftOut.count == 1, "\(leftOut)")
        let drive = try #require(leftOut.first)
        #expect(drive["reason"] as? String == "too_fast")
        let metres = try #require(drive["distance_m"] as? Double)
        #expect(abs(metres - driven) / driven < 0.01, "\(metres) m of \(driven) m")
        let start = try #require(drive["from_s"] as? Double), end = try #require(drive["to_s"] as? Double)
        #expect(start >= from && start <= from + 2, "from \(start) s, the drive from \(from) s")
        #expect(end >= to && end <= to + 5, "to \(end) s, the drive to \(to) s")
        // And the kept run says the same: show --json prints the summary line, show the line in words
        let shown = await runMateRun(["show", "latest", "--json"], data: replay.data)
        #expect(shown.output.lines == [line])
        let words = await runMateRun(["show", "latest"], data: replay.data)
        #expect(words.output.lines.contains { $0.hasPrefix(" Left out  14.80 km at ") && $0.hasSuffix("(too fast to count)") },
                "\(words.output.text)")
    }

    @Test func aJumpIsLeftOutAndThePlainSummarySaysSo() async throws {
        // Given a 4.2 km run whose receiver jumps 2 km midway
        let file = "run-with-jump.gpx"
        let running = try truth("true_m", of: file), leapt = try truth("left_out_m", of: file)
        // When replayed with --json, and again plain
        let json = await runMateRun(["replay", Self.path(file), "--speed", "max", "--json", "--weight", "70", "--no-save"])
        let plain = await runMateRun(["replay", Self.path(file), "--speed", "max", "--weight", "70", "--no-save"])
        // Then the distance is the running only and left_out names the jump with its 2 km
        let summary = try #require(json.output.lines.last.flatMap(jsonObject))
        let distance = try #require(summary["distance_m"] as? Double)
        #expect(abs(distance - running) / running < 0.01, "\(distance) m of \(running) m")
        let jump = try #require((summary["left_out"] as? [[String: Any]])?.first)
        #expect(jump["reason"] as? String == "jump")
        let metres = try #require(jump["distance_m"] as? Double)
        #expect(abs(metres - leapt) / leapt < 0.02, "\(metres) m of \(leapt) m")
        // And the plain summary says it in one line
        #expect(plain.output.lines.contains { $0.hasPrefix(" Left out  2.01 km jump ") && $0.hasSuffix("(the track restarted)") },
                "\(plain.output.text)")
    }
}
