import Foundation
import Testing

/// Compares rendered lines with a golden text file under `Golden/`, loaded from the test bundle.
///
/// ANSI escape characters are written as `␛` so that the files read and diff as plain text.
///
/// To rewrite the goldens after an intended change, run
/// `MATERUN_RECORD_GOLDEN=1 swift test --filter MateRunPresentationTests`: a file under
/// `Tests/MateRunPresentationTests/Golden/` that differs is then rewritten, and the test that
/// rewrote it fails (so that a run in record mode can never pass, in CI or anywhere). Review the
/// diff, then run the tests again without the variable.
enum GoldenFile {
    static let isRecording = ProcessInfo.processInfo.environment["MATERUN_RECORD_GOLDEN"] == "1"

    static func visible(_ lines: [String]) -> String {
        lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") }.joined(separator: "\n") + "\n"
    }

    static func assertMatches(
        _ lines: [String], name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = visible(lines)
        if isRecording {
            let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
            let file = directory.appendingPathComponent(name + ".txt")
            guard (try? String(contentsOf: file, encoding: .utf8)) != actual else { return }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote Golden/\(name).txt: review the diff, then run again without MATERUN_RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden") else {
            Issue.record("No golden file \(name).txt; record it with MATERUN_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "frame differs from Golden/\(name).txt", sourceLocation: sourceLocation)
    }
}
