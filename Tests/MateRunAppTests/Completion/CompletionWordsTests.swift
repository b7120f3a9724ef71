@testable import MateRunApp
import Testing

/// What a shell is offered for a value is read from the placeholder help shows, so the two
/// cannot disagree.
@Suite("completion words from placeholders")
struct CompletionWordsTests {
    @Test func lowercaseWordsAreChoicesAndUppercaseOnesArePlaceholders() {
        #expect(CompletionWords(placeholder: "race|team") == CompletionWords(choices: ["race", "team"]))
        #expect(CompletionWords(placeholder: "N|max") == CompletionWords(choices: ["max"]))
        #expect(CompletionWords(placeholder: "KM").isEmpty)
        #expect(CompletionWords(placeholder: nil).isEmpty)
    }

    @Test func anIDAsksForTheKeptRunsAndAFileLikePlaceholderForFiles() {
        #expect(CompletionWords(placeholder: "ID|latest") == CompletionWords(choices: ["latest"], runIDs: true))
        #expect(CompletionWords(placeholder: "SCENARIO") == CompletionWords(files: true))
        #expect(CompletionWords(placeholder: "ID|latest|best|FILE") == CompletionWords(choices: ["latest", "best"], files: true, runIDs: true))
    }

    @Test func theGroupCommandsShareTheirFirstWordOnce() {
        // Given every command as the shells complete it
        let first = CompletionCommand.firstWords
        // Then group appears once, its verbs are the group commands', and help and the top options are there
        #expect(first.filter { $0 == "group" }.count == 1)
        #expect(CompletionCommand.groupVerbs == ["create", "join", "results"])
        #expect(first.suffix(3) == ["help", "--help", "--version"])
        #expect(first.contains("completions") && first.contains("man") && first.contains("version"))
    }
}
