import Foundation
import MateRunNATSTestSupport
import Testing

/// A group run's live page in a real browser: three materun processes run a group through a real
/// nats-server while headless Chromium (scripts/check-web-page.py) watches the creator's `--web`
/// page: the clock ticks in hh:mm:ss, the own dot and the others' rings move, the
/// standings count the group, and the result appears with a row per runner.
@Suite(
    .serialized,
    .enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)),
    .enabled(if: BrowserTools.runnable, BrowserTools.skipReason))
struct GroupWebPageBrowserTests {
    @Test func aGroupRunsLivePageShowsTheRunnersMovingThenTheResult() async throws {
        let executable = try requireMateRunExecutable()
        let python = try #require(BrowserTools.python, "python3 is not installed")
        let server = try await NATSServerProcess.start()
        let via = "nats://127.0.0.1:\(server.port)"
        let deadline = ContinuousClock.now + .seconds(200)
        // Given a group of three, whose creator serves the live page
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race", "--goal", "1", "--speed", "12",
                "--start-when", "3", "--json", "--web", "127.0.0.1:0",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let web = try #require(try await creator.firstEvent("web", before: deadline), "no web line: \(creator.tail)")
        let url = try #require(web["url"] as? String)
        // When the browser opens it before the start, and two runners join
        let check = try MateRunProcess(
            "check-web-page", arguments: ["scripts/check-web-page.py", "--url", url, "--group", "3", "--timeout", "90"],
            executable: python)
        let joiners = try ["race-steady-5k.json", "easy-5k.json"].enumerated().map { index, scenario in
            try MateRunProcess(
                "joiner \(index)", arguments: [
                    "group", "join", "Scenarios/" + scenario, "--via", via, "--code", code, "--name", "Joiner \(index)", "--json",
                ], executable: executable)
        }
        // Then every check of the page passes, and the run ends for all three
        let status = try await check.exitStatus(before: deadline)
        #expect(status == 0, "check-web-page.py:\n\((check.lines + check.errorLines).joined(separator: "\n"))")
        #expect(check.lines.contains("check-web-page: every check passed"))
        for process in [creator] + joiners {
            #expect(try await process.exitStatus(before: deadline) == 0, "\(process.label): \(process.tail)")
        }
        await server.stop()
    }
}
