import Foundation
import Glibc
import Testing

/// A Debian tool a test drives for real (a shell, mandoc, groff, promtool): found in `PATH`,
/// run with a bound, and ended by its PID if it overruns. A test that needs one is skipped with
/// the reason when it is absent, unless `MATERUN_REQUIRE_CLI_TOOLS=1` (CI) makes that a failure.
enum ExternalTool {
    static var required: Bool { ProcessInfo.processInfo.environment["MATERUN_REQUIRE_CLI_TOOLS"] == "1" }

    /// Whether a test of `name` runs: it is installed, or required (and then fails without it).
    static func runnable(_ name: String) -> Bool { find(name) != nil || required }

    static func skipReason(_ name: String, package: String) -> Comment {
        Comment(rawValue: "\(name) is not installed (apt-get install \(package)); MATERUN_REQUIRE_CLI_TOOLS=1 makes this a failure")
    }

    /// The first executable `name` in `PATH` or the sbin directories.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin", "/bin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What a run printed and how it ended.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `name` with `arguments` (and `input` on standard input); ends it by PID after
    /// `timeout` seconds, failing the test. It waits by sleeping, never by blocking a thread: the
    /// suite's tasks share two threads, and a shell blocking one for seconds starved the rest.
    static func run(
        _ name: String, _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Double = 30,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Outcome {
        let executable = try #require(find(name), "\(name) is not installed", sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let directory = NSTemporaryDirectory() + "materun-tool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Files rather than pipes: nothing to drain while waiting, so no deadlock on a long output.
        let inputPath = directory + "/in", outputPath = directory + "/out", errorPath = directory + "/err"
        for (path, contents) in [(inputPath, Data(input.utf8)), (outputPath, Data()), (errorPath, Data())] {
            try #require(FileManager.default.createFile(atPath: path, contents: contents), "cannot write \(path)", sourceLocation: sourceLocation)
        }
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("\(name) \(arguments) did not end within \(timeout) s", sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: output, errors: errors)
    }
}
