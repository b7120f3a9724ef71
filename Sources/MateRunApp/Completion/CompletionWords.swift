/// What a shell may offer for a value, read from the placeholder a declaration shows in help
/// (`race|team`, `FILE`, `ID|latest`): lowercase words are literal choices, `ID` asks materun for
/// the kept runs' ids, a file-like placeholder asks the shell for file names, anything else
/// (`N`, `KM`) has nothing worth offering. So the completions cannot drift from the help.
struct CompletionWords: Equatable, Sendable {
    /// Words offered as they are, e.g. `race`, `team`.
    var choices: [String] = []
    /// Whether file names fit.
    var files = false
    /// Whether the kept runs' ids fit (`materun history --ids`).
    var runIDs = false

    /// Placeholders that name a path.
    private static let filePlaceholders: Set<String> = ["FILE", "SCENARIO", "DIR", "PATH"]

    init(choices: [String] = [], files: Bool = false, runIDs: Bool = false) {
        self.choices = choices
        self.files = files
        self.runIDs = runIDs
    }

    /// The words for a placeholder as help shows it; nil (no placeholder) offers nothing.
    init(placeholder: String?) {
        guard let placeholder else { return }
        for part in placeholder.split(separator: "|").map(String.init) {
            if part == "ID" {
                runIDs = true
            } else if Self.filePlaceholders.contains(part) {
                files = true
            } else if part.allSatisfy({ $0.isLowercase || $0 == "-" || $0.isNumber }), part.first?.isLetter == true {
                choices.append(part)
            }
        }
    }

    /// Whether there is anything to offer at all.
    var isEmpty: Bool { choices.isEmpty && !files && !runIDs }
}

/// Every command as a shell completes it: the words that name it, its options with what each
/// takes, and what its positional argument takes. Built from `CommandRegistry`'s declarations.
struct CompletionCommand: Sendable {
    /// One option: its name, whether it takes a value, and which words fit that value.
    struct Option: Sendable {
        let name: String
        let takesValue: Bool
        let words: CompletionWords
        /// The option's first help line, for shells that show descriptions.
        let summary: String
    }

    /// `group create` is two words.
    let name: String
    let summary: String
    let options: [Option]
    /// What the positional argument takes; empty when there is none.
    let positional: CompletionWords

    init(_ spec: CommandSpec) {
        name = spec.name
        summary = spec.summary
        options = spec.options.map { Option(name: $0.name, takesValue: $0.value != nil, words: CompletionWords(placeholder: $0.value), summary: $0.help.first ?? "") }
            + [Option(name: "--help", takesValue: false, words: CompletionWords(), summary: "show this command's help")]
        positional = CompletionWords(placeholder: spec.positional)
    }

    /// The first word (`group` for the group commands).
    var firstWord: String { String(name.split(separator: " ")[0]) }
    /// The second word of a two-word command, nil for the others.
    var secondWord: String? { name.contains(" ") ? String(name.split(separator: " ")[1]) : nil }

    /// Every command, in `--help`'s order.
    static var all: [CompletionCommand] { CommandRegistry.specs.map(CompletionCommand.init) }

    /// The words that may start a command line: each command's first word once, `help`, and
    /// the top-level options.
    static var firstWords: [String] {
        var words: [String] = []
        for command in all where !words.contains(command.firstWord) { words.append(command.firstWord) }
        return words + ["help", "--help", "--version"]
    }

    /// The second words of the group commands.
    static var groupVerbs: [String] { all.compactMap(\.secondWord) }
}
