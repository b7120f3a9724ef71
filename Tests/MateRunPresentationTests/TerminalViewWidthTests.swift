import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("Terminal views respect the width")
struct TerminalViewWidthTests {
    /// Visible columns of a rendered line: escape sequences removed, wide characters counted twice.
    static func visibleColumns(_ line: String) -> Int {
        var plain = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character.isLetter { inEscape = false }
            } else {
                plain.append(character)
            }
        }
        return TerminalWidth.columns(of: plain)
    }

    static let widths = [0, 1, 5, 12, 20, 30, 39, 40, 41, 45, 46, 60, 79, 80, 120, 200]

    @Test("no live panel line is wider than the terminal, at any width, in colour or not", arguments: widths)
    func runPanelFits(width: Int) {
        // Given every kind of live state, including a long wide-character name
        var longName = Fixtures.raceMate
        longName.name = "김민수김민수김민수김민수김민수김민수 the fastest mate"
        let states = TerminalViewGoldenTests.runScenes.values + [Fixtures.runningState(mate: longName)]
        for state in states {
            for colour in [false, true] {
                // When drawn; Then each line fits
                for line in TerminalRunView.render(state, width: width, colour: colour) {
                    #expect(Self.visibleColumns(line) <= width, "\(width): \(line)")
                }
            }
        }
    }

    @Test("no result line is wider than the terminal", arguments: widths)
    func resultFits(width: Int) {
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        for colour in [false, true] {
            for line in TerminalResultView.render(state, width: width, colour: colour) {
                #expect(Self.visibleColumns(line) <= width, "\(width): \(line)")
            }
        }
    }

    @Test("a cut line ends with an ellipsis and keeps its colour codes whole")
    func cutLine() {
        // Given a bold label and a value
        var line = StyledLine(" ")
        line.append("Distance", .bold)
        line.append("  12.34 km")
        // When cut to 6 columns
        let text = line.rendered(width: 6, colour: true)
        // Then the visible text is cut, not the escape sequence
        #expect(text == " \u{1B}[1mDist\u{1B}[0m\u{1B}[1m…\u{1B}[0m")
        #expect(Self.visibleColumns(text) == 6)
    }

    @Test("colour off means no escape character at all")
    func noColour() {
        let state = Fixtures.runningState(mate: Fixtures.raceMate)
        let lines = TerminalRunView.render(state, width: 80, colour: false)
            + TerminalResultView.render(
                ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state, width: 80, colour: false)
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test("the progress bar fills only whole cells, so it is full only at the goal")
    func barCells() {
        #expect(ProgressBar.filledCells(0.999, of: 10) == 9)
        #expect(ProgressBar.filledCells(1, of: 10) == 10)
        #expect(ProgressBar.filledCells(.nan, of: 10) == 0)
        #expect(ProgressBar.filledCells(-1, of: 10) == 0)
    }
}
