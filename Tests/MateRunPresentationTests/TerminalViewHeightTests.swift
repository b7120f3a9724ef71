import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("The live panel fits the terminal's height")
struct TerminalViewHeightTests {
    static let heights = Array(1...26)

    @Test("no live panel is taller than the terminal, at any size", arguments: heights)
    func panelFitsTheHeight(height: Int) {
        // Given every kind of live state
        for state in TerminalViewGoldenTests.runScenes.values {
            for width in [20, 40, 80] {
                // When drawn in a window `height` lines tall
                let lines = TerminalRunView.render(state, width: width, height: height, colour: false)
                // Then it takes at most that many lines, and at least one
                #expect(!lines.isEmpty && lines.count <= height, "\(width)x\(height): \(lines.count) lines")
            }
        }
    }

    @Test("the full panel when it fits, then a compact one, then one status line")
    func panelShrinksInSteps() {
        // Given a race in progress, whose full panel is 9 lines at 80 columns
        let state = Fixtures.runningState(mate: Fixtures.raceMate)
        let full = TerminalRunView.render(state, width: 80, colour: false)
        // When the window is as tall, shorter, and one line
        let fitted = TerminalRunView.render(state, width: 80, height: full.count, colour: false)
        let compact = TerminalRunView.render(state, width: 80, height: 4, colour: false)
        let oneLine = TerminalRunView.render(state, width: 80, height: 1, colour: false)
        // Then the full panel, a compact panel keeping the header and the main numbers, a status line
        #expect(fitted == full)
        #expect(compact.count == 4)
        #expect(compact[0] == full[0])
        #expect(compact[1].contains("00:12:05") && compact[1].contains("2.41 km"))
        #expect(oneLine.count == 1 && oneLine[0].contains("00:12:05") && oneLine[0].contains("Bob"))
    }
}
