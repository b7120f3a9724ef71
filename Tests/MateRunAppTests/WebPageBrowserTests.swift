import Foundation
import MateRunPresentation
import Testing

/// What the browser test needs: Debian's `chromium` and `chromium-driver`, and Python's
/// `selenium`. Without them the suite is skipped with the reason, unless
/// `MATERUN_REQUIRE_BROWSER=1`, which makes their absence a failure.
enum BrowserTools {
    static let python = find("python3")

    static var required: Bool { ProcessInfo.processInfo.environment["MATERUN_REQUIRE_BROWSER"] == "1" }

    /// Whether the suite runs: everything is there, or it is required (and then fails without it).
    static var runnable: Bool { missing.isEmpty || required }

    static let missing: [String] = {
        var missing: [String] = []
        if find("chromium") == nil { missing.append("chromium") }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") { missing.append("chromium-driver") }
        if python == nil || !seleniumImports() { missing.append("selenium") }
        return missing
    }()

    static var skipReason: Comment {
        Comment(rawValue: "missing: \(missing.joined(separator: ", ")) (apt-get install chromium chromium-driver; "
            + "pip install selenium); set MATERUN_REQUIRE_BROWSER=1 to fail instead")
    }

    /// Whether `python3 -c 'import selenium'` succeeds, waiting 20 s at most.
    private static func seleniumImports() -> Bool {
        guard let python else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import selenium"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            return false
        }
        return process.terminationStatus == 0
    }

    private static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The web page in a real browser (scripts/check-web-page.py, headless Chromium): an exported run
/// opens from its file with its map, charts and result; the live page, served with the server's
/// Content-Security-Policy by the script's stand-in, runs its clock and dot, survives a dropped
/// stream and shows the result.
@Suite(.serialized, .enabled(if: BrowserTools.runnable, BrowserTools.skipReason))
struct WebPageBrowserTests {
    let data = TemporaryDataDirectory()

    @Test func anExportedPageAndTheLivePageWorkInAHeadlessBrowser() async throws {
        let python = try #require(BrowserTools.python, "python3 is not installed")
        // Given a kept run under a name that is markup, exported as a page, and the live page with a nonce
        let replay = await runMateRun(
            ["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json", "--name", "<img src=x onerror=alert(1)>"],
            data: data)
        #expect(replay.status == 0, "stderr: \(replay.errors.text)")
        let exported = data.path + "/run.html", live = data.path + "/live.html", screenshot = data.path + "/run.png"
        let export = await runMateRun(["export", "latest", "--format", "html", "-o", exported], data: data)
        #expect(export.status == 0, "stderr: \(export.errors.text)")
        try Data(LiveRunPage.html(nonce: "dGVzdC1ub25jZQ").utf8).write(to: URL(fileURLWithPath: live))
        // When the browser test opens both
        let check = try MateRunProcess(
            "check-web-page",
            arguments: [
                "scripts/check-web-page.py", "--export", exported, "--screenshot", screenshot,
                "--live-page", live, "--nonce", "dGVzdC1ub25jZQ", "--events-from", exported, "--seconds", "8", "--timeout", "60",
            ],
            executable: python, data: data)
        let status = try await check.exitStatus(before: .now + .seconds(240))
        // Then every check passes, and the page was drawn
        #expect(status == 0, "check-web-page.py:\n\((check.lines + check.errorLines).joined(separator: "\n"))")
        #expect(check.lines.contains("check-web-page: every check passed"))
        #expect(check.lines.contains("ok: the page says the connection is lost while the stand-in is away"))
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }
}
