import Foundation
import Glibc
@testable import MateRunApp

/// An output sink backed by a temporary file, so a test can run a command and read what it wrote.
final class CapturedOutput {
    let path: String
    let sink: OutputSink
    private let descriptor: Int32

    init(carriesMessagesOnly: Bool = false) {
        path = NSTemporaryDirectory() + "materun-test-\(UUID().uuidString).txt"
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        sink = OutputSink(descriptor: descriptor, carriesMessagesOnly: carriesMessagesOnly)
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    var text: String {
        sink.flush()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
}

/// The package's root directory, found from this file's path, so tests do not depend on the
/// working directory `swift test` was started in.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A data directory of its own for a test's runs, removed when the test is done: no test keeps a
/// run in the real home.
final class TemporaryDataDirectory: Sendable {
    let path = NSTemporaryDirectory() + "materun-data-\(UUID().uuidString)"

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The environment that points materun here.
    var environment: [String: String] { ["MATERUN_DATA_DIR": path] }
}

/// Runs materun in-process with `arguments`, its runs kept in `data` (a fresh temporary
/// directory unless given); returns the exit status and both outputs.
func runMateRun(
    _ arguments: [String], environment: [String: String] = [:], data: TemporaryDataDirectory = TemporaryDataDirectory()
) async -> (status: Int32, output: CapturedOutput, errors: CapturedOutput) {
    let output = CapturedOutput(), errors = CapturedOutput()
    let status = await MateRunCLI.run(
        arguments: arguments, environment: data.environment.merging(environment) { _, given in given },
        output: output.sink, errors: errors.sink)
    return (status, output, errors)
}
