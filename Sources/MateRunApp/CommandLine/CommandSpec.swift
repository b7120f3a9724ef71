/// What a command declares (`MateRunCommand.spec`): its name, its positional argument, its
/// options and the options it refuses with advice, from which the parser, the help and the usage
/// lines are generated.
struct CommandSpec: Sendable {
    let name: String
    /// The positional argument's name in help, e.g. `SCENARIO`; nil when the command takes none.
    let positional: String?
    /// One line for the command list.
    let summary: String
    /// Paragraphs `help COMMAND` shows between the usage line and the options.
    let details: String
    let options: [OptionSpec]
    /// Options the command understands but refuses, with why (e.g. join takes the speed from
    /// the host): a clearer answer than "unknown option".
    let refusals: [String: String]
    /// Lines after the options in `help COMMAND`.
    let notes: String?
    /// Whether words after the positional are the command's too (`control ADDR:PORT COMMAND…`).
    var takesMoreWords = false

    /// `materun replay SCENARIO [--speed N|max] ...`: the usage line, generated.
    var usage: String {
        var parts = ["materun", name]
        if let positional { parts.append(positional) }
        for option in options {
            parts.append(option.required ? option.synopsis : "[" + option.synopsis + "]")
        }
        return parts.joined(separator: " ")
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
