import Foundation
import Testing

/// The screens README.md shows are the current build's: each capture after a
/// `<!-- capture: ... -->` marker is compared with what it captures now. (The captures from a real
/// terminal, `capture tmux`, need tmux: `.ci/run` checks them with scripts/readme-captures.sh.)
@Suite("README's captures match the current build", .serialized)
struct ReadmeCaptureTests {
    struct Capture: CustomTestStringConvertible, Sendable {
        let what: String
        let text: String
        var testDescription: String { what }
    }

    static let captures: [Capture] = {
        guard let readme = try? String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8) else { return [] }
        let pattern = #/<!-- capture: (?<what>.+?) -->\n```\w*\n(?<text>(?s:.*?))```\n<!-- /capture -->/#
        return readme.matches(of: pattern).map { Capture(what: String($0.output.what), text: String($0.output.text)) }
    }()

    @Test func theReadmeHasCaptures() {
        #expect(Self.captures.count >= 2)
    }

    @Test("a capture is what it captures, now", arguments: captures)
    func aCaptureIsCurrent(capture: Capture) async throws {
        // Given a capture of README.md
        let words = capture.what.split(separator: " ").map(String.init)
        // When what it shows is made again
        let now: String
        switch words.first {
        case "golden":
            now = try String(contentsOfFile: packageRoot + "/Tests/MateRunPresentationTests/Golden/\(words[1]).txt", encoding: .utf8)
        case "materun":
            let run = await runMateRun(Array(words.dropFirst()).map { $0.hasPrefix("Scenarios/") ? packageRoot + "/" + $0 : $0 })
            #expect(run.status == 0, "stderr: \(run.errors.text)")
            now = run.output.text
        default:
            Issue.record("README.md has a capture of an unknown kind: \(capture.what)")
            return
        }
        // Then it is the same, line for line
        #expect(capture.text == now, "README.md's capture of `\(capture.what)` is out of date: run scripts/readme-captures.sh")
    }
}
