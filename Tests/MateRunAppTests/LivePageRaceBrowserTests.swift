import Foundation
import Testing

/// A replay racing a ghost, watched live in headless Chromium (scripts/check-web-page.py --race)
/// at a desktop's and a phone's width: the whole course is drawn at the first event, the ghost's
/// marker sits on it at its place with its label inside the map, and what the page shows of the
/// ghost's gap and the workout's step is what `--json` said at the same moment of the same run.
@Suite(.serialized, .enabled(if: BrowserTools.runnable, BrowserTools.skipReason))
struct LivePageRaceBrowserTests {
    @Test func aReplayRacingAGhostShowsTheCourseTheGhostsGapAndTheStepAsJSONSaysThem() async throws {
        let executable = try requireMateRunExecutable()
        let python = try #require(BrowserTools.python, "python3 is not installed")
        let data = TemporaryDataDirectory()
        let deadline = ContinuousClock.now + .seconds(300)
        // Given a kept half marathon to race as the ghost
        let ghost = await runMateRun(["replay", packageRoot + "/Scenarios/half-marathon.json", "--speed", "max"], data: data)
        #expect(ghost.status == 0, "stderr: \(ghost.errors.text)")
        // And a browser, started first, waiting for the page's address
        let urlFile = data.path + "/url"
        let check = try MateRunProcess(
            "check-web-page",
            arguments: [
                "scripts/check-web-page.py", "--url-file", urlFile, "--race", "--timeout", "150",
                "--screenshot", data.path + "/desktop.png", "--phone-screenshot", data.path + "/phone.png",
            ],
            executable: python, data: data)
        let ready = try await check.wait(before: deadline) { $0.lines.contains("check-web-page: browser ready") || !$0.isRunning }
        #expect(ready && check.isRunning, "check-web-page.py: \(check.tail)")
        // When the intervals scenario is replayed racing it, with a live page and --json
        let replay = try MateRunProcess(
            "replay",
            arguments: [
                "replay", "Scenarios/intervals-10k.json", "--ghost", "latest", "--speed", "80", "--json", "--web", "127.0.0.1:0",
            ],
            executable: executable, data: data)
        let web = try #require(try await replay.firstEvent("web", before: deadline), "no web line: \(replay.tail)")
        let url = try #require(web["url"] as? String)
        try Data(url.utf8).write(to: URL(fileURLWithPath: urlFile))
        // Then every check of the page passes
        let status = try await check.exitStatus(before: deadline)
        #expect(status == 0, "check-web-page.py:\n\((check.lines + check.errorLines).joined(separator: "\n"))")
        #expect(check.lines.contains("check-web-page: every check passed"))
        #expect(try await replay.exitStatus(before: deadline) == 0, "replay: \(replay.tail)")
        #expect(FileManager.default.fileExists(atPath: data.path + "/phone.png"))
        // And at each look, the ghost's gap and the step are --json's at that moment
        var progress: [Double: [String: Any]] = [:]
        for line in replay.events("progress") {
            if let elapsed = line["elapsed_s"] as? Double { progress[elapsed] = line }
        }
        var gaps = 0, steps = 0
        for line in check.lines where line.hasPrefix("observed: ") {
            guard let seen = jsonObject(String(line.dropFirst("observed: ".count))), let elapsed = seen["elapsed_s"] as? Double,
                  let json = progress[elapsed] else { continue }
            if let shown = seen["ghost_gap"] as? [String: Any], let ghost = json["ghost"] as? [String: Any] {
                #expect(shown["gap_m"] as? Double == ghost["gap_m"] as? Double, "at \(elapsed) s: \(shown) against \(ghost)")
                #expect(shown["gap_s"] as? Double == ghost["gap_s"] as? Double, "at \(elapsed) s: \(shown) against \(ghost)")
                let ring = seen["ghost_ring"] as? [String: Any]
                #expect(ring?["distance_m"] as? Double == ghost["distance_m"] as? Double, "at \(elapsed) s: \(String(describing: ring))")
                gaps += 1
            }
            if let shown = seen["step"] as? [String: Any], let segment = json["segment"] as? [String: Any] {
                let left = shown["left"] as? String ?? ""
                #expect(Self.leftTexts(segment).contains { left.hasPrefix($0 + " left") }, "at \(elapsed) s: \(left) against \(segment)")
                if let round = segment["repeat"] as? [String: Any], let index = round["index"] as? Int, let count = round["count"] as? Int {
                    #expect((shown["name"] as? String ?? "").contains("\(index)/\(count)"), "at \(elapsed) s: \(shown) against \(segment)")
                }
                steps += 1
            }
        }
        // And the header names the ghost's run (its name, date and time), not the `latest` it was asked by
        let subtitle = check.lines.first { $0.hasPrefix("observed: ") }
            .flatMap { jsonObject(String($0.dropFirst("observed: ".count))) }?["subtitle"] as? String ?? ""
        #expect(subtitle.hasPrefix("racing the ghost of Half marathon by Marcus, "), "\(subtitle)")
        #expect(subtitle.contains("21.09 km in 01:58:25") && !subtitle.contains("latest"), "\(subtitle)")
        #expect(gaps >= 3, "the ghost's gap was compared \(gaps) times")
        #expect(steps >= 3, "the step was compared \(steps) times")
    }

    /// What is left of a step as the panel counts it, from `--json`'s `segment` (tens of metres
    /// cut down, or seconds rounded up): the tenth `--json` rounds to can cross a boundary, so the
    /// counts either side of it are taken too.
    static func leftTexts(_ segment: [String: Any]) -> [String] {
        if let metres = segment["remaining_m"] as? Double {
            let tens = Int((metres / 10 + 1e-9).rounded(.down))
            return [tens - 1, tens, tens + 1].map { count in
                count >= 100 ? String(format: "%d.%02d km", count / 100, count % 100) : "\(count * 10) m"
            }
        }
        let seconds = Int(((segment["remaining_s"] as? Double) ?? 0).rounded(.up))
        return [seconds - 1, seconds, seconds + 1].map { String(format: "%d:%02d", $0 / 60, $0 % 60) }
    }
}
