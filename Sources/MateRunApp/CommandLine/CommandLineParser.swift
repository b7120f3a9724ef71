/// Turns `materun`'s arguments into a command (`MateRunCommand`), or a `UsageError` that says
/// exactly what is wrong, by reading them against the declarations of `CommandRegistry`.
///
/// Options may come before or after the scenario path, take their value as `--speed 10` or
/// `--speed=10`, and `--` ends the options. A mistyped command or option gets a suggestion.
package enum CommandLineParser {
    /// Every command name, `help` included.
    package static var commands: [String] { CommandRegistry.specs.map(\.name) + ["help"] }

    static func parse(_ arguments: [String]) throws(UsageError) -> any MateRunCommand {
        guard var first = arguments.first else { throw UsageError("no command given") }
        var rest = Array(arguments.dropFirst())
        // The group commands (`group create`, …) are two words.
        if first == "group" {
            let verbs = CommandRegistry.specs.compactMap { $0.name.hasPrefix("group ") ? String($0.name.dropFirst(6)) : nil }
            guard let verb = rest.first, verbs.contains(verb) else {
                throw UsageError("group needs one of \(verbs.joined(separator: ", ")): materun group \(verbs.joined(separator: "|")) ...")
            }
            first = "group " + verb
            rest.removeFirst()
        }
        switch first {
        case "-h", "--help": return HelpCommand(topic: nil)
        case "--version", "-V": return VersionCommand()
        case "help":
            // `help group join` names a two-word command; `help group` the first of them.
            let named = rest.first == "group" && rest.count == 2 ? ["group " + rest[1]] : rest
            guard named.count <= 1 else { throw UsageError("help takes at most one command name", command: "help") }
            let topic = named.first.map { $0 == "group" ? "group create" : $0 }
            if let topic, !commands.contains(topic) { throw unknownCommand(topic) }
            return HelpCommand(topic: topic)
        default:
            guard let command = CommandRegistry.command(named: first) else {
                if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
                throw unknownCommand(first)
            }
            if wantsHelp(rest) { return HelpCommand(topic: command.spec.name) }
            return try command.init(ParsedArguments(rest, for: command.spec))
        }
    }

    /// Whether `-h`/`--help` appears before any `--`.
    private static func wantsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = NearestName.suggestion(for: name, among: commands)
        return UsageError(
            "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; commands: " + commands.joined(separator: ", ")))
    }
}
