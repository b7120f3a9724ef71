import MateRunDomain
import MateRunPresentation
import Testing

@Suite("Untrusted text cannot drive the terminal")
struct TerminalTextTests {
    @Test(arguments: [
        ("Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J", "Evil\\x1B]0;PWNED\\x07\\x1B[2J"),
        ("a\u{9B}31mb", "a\\x9B31mb"),
        ("del\u{7F}", "del\\x7F"),
        ("abc\u{202E}fed", "abc\\u{202E}fed"),
        ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
        ("two\nlines\r", "two\\nlines\\r"),
        ("Jisoo 🏃‍♀️ 지수", "Jisoo 🏃‍♀️ 지수"),
    ] as [(String, String)])
    func controlsAndBidiOverridesAreShownAsEscapes(hostile: String, shown: String) {
        // When untrusted text is neutralised, Then every control is visible and inert, and plain text is kept
        #expect(TerminalText.neutralised(hostile) == shown)
    }

    @Test func longTextIsCutWithAnEllipsis() {
        // Given a 5 MB value echoed in a message
        let huge = String(repeating: "9", count: 5_000_000)
        // When it is neutralised with a limit
        let shown = TerminalText.neutralised(huge, limit: 40)
        // Then 40 characters and an ellipsis remain
        #expect(shown == String(repeating: "9", count: 40) + "…")
    }

    @Test func aScenarioDescriptionWithEscapesIsListedInert() {
        // Given a scenario whose description tries to clear the screen
        let line = ScenarioOverviewView.line(
            file: "evil.json", summary: "fine\u{1B}[2J\u{1B}]0;PWNED\u{07}", durationSeconds: 60, routeMetres: 100)
        // Then the listing shows the escapes instead of sending them
        #expect(!line.unicodeScalars.contains("\u{1B}"))
        #expect(line.hasSuffix("fine\\x1B[2J\\x1B]0;PWNED\\x07"))
    }

    @Test func aMatesWordsInTheResultAreInert() {
        // Given a paired run that ended with the mate's hostile goodbye as the reason
        let summary = PairedRunSummary(
            terms: MateTerms(mode: .race, goalMetres: 5000),
            own: RunSummary(snapshot: RunSnapshot(elapsedSeconds: 10, movingSeconds: 10, distanceMetres: 10),
                            splits: [], ending: .sensorsEnded),
            mate: MateFinalFigures(name: "Evil\u{1B}[2J", distanceMetres: 0, elapsedSeconds: 0, final: false, connected: false),
            result: .disqualified, winner: nil, ownSharePercent: nil, resultReason: "refused\u{1B}]0;PWNED\u{07}")
        // When the result is drawn
        let lines = MateSummaryView.lines(summary, ownName: "Ana")
        // Then no line carries an escape character
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") && !$0.unicodeScalars.contains("\u{07}") })
        #expect(lines.contains(" Why: refused\\x1B]0;PWNED\\x07"))
    }
}
