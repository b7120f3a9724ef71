import Foundation
import Glibc
@testable import MateRunApp
import Testing

@Suite("What materun writes: failures are errors, and nothing hostile reaches the terminal")
struct OutputSafetyTests {
    @Test(arguments: [
        ["replay", "Scenarios/easy-5k.json", "--speed", "max", "--json", "--no-countdown"],
        ["scenarios"],
        ["validate", "Scenarios/easy-5k.json"],
    ])
    func aFullDiskFailsTheCommandWithAMessage(arguments: [String]) async throws {
        // Given standard output on a device that is always full
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let errors = CapturedOutput()
        // When a command writes its output there
        let status = await MateRunCLI.run(
            arguments: arguments, environment: [:], output: OutputSink(descriptor: full), errors: errors.sink)
        // Then it fails, and says why on standard error
        #expect(status == 1)
        #expect(errors.text.contains("materun: cannot write to standard output: No space left on device"))
    }

    @Test func aMessagesSinkShowsControlsAsEscapesLineByLine() {
        // Given a sink that carries messages, as standard error does
        let captured = CapturedOutput(carriesMessagesOnly: true)
        // When a message quoting hostile text is written, over two lines
        captured.sink.writeLine("materun: bad name \"Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J\"\nusage: materun replay")
        // Then the escapes are visible and inert, and the line break between lines stays
        #expect(captured.text == "materun: bad name \"Evil\\x1B]0;PWNED\\x07\\x1B[2J\"\nusage: materun replay\n")
    }

    @Test func aBrokenScenarioFullOfEscapesIsReportedInert() async throws {
        // Given a scenario whose broken field holds terminal escapes and a huge value
        let directory = NSTemporaryDirectory() + "materun-safety-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/evil.json"
        let pace = #"\u001b]0;PWNED\u0007"# + String(repeating: "9", count: 100_000)
        let json = #"{"version":1,"name":"x","route":{"shape":"loop","waypoints":[[40.78,-73.96],[40.79,-73.95]]},"segments":[{"activity":"running","pace":""# + pace + #"","distance_km":1}]}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        // When it is validated, with standard error as materun sets it up
        let errors = CapturedOutput(carriesMessagesOnly: true)
        let status = await MateRunCLI.run(
            arguments: ["validate", path], environment: [:], output: CapturedOutput().sink, errors: errors.sink)
        // Then the error names the place but carries no control character, and is cut short
        #expect(status == 1)
        #expect(errors.text.contains("pace"))
        #expect(!errors.text.unicodeScalars.contains("\u{1B}"))
        #expect(!errors.text.unicodeScalars.contains("\u{07}"))
        #expect(errors.text.count < 2 * OutputSink.messageLineLimit)
    }
}
