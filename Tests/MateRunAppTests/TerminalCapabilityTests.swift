@testable import MateRunApp
import Testing

@Suite("Which terminals are drawn on in place")
struct TerminalCapabilityTests {
    @Test("a terminal that names itself is drawn on", arguments: ["xterm-256color", "screen", "tmux-256color", "linux"])
    func aNamedTerminalIsDrawnOn(term: String) {
        #expect(TerminalCapability.drawsInPlace(environment: ["TERM": term]))
    }

    @Test("a dumb, empty or missing TERM gets the plain lines a pipe gets", arguments: [["TERM": "dumb"], ["TERM": ""], [:]])
    func aDumbTerminalIsTreatedLikeAPipe(environment: [String: String]) {
        #expect(!TerminalCapability.drawsInPlace(environment: environment))
    }
}
