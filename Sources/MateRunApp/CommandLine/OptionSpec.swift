/// One option a command accepts, as the command table declares it: the parser, `--help`, the
/// usage line and the README's command block are all generated from these.
struct OptionSpec: Sendable {
    /// The option as typed, e.g. `--speed`.
    let name: String
    /// What the value looks like in help, e.g. `N|max`; nil for a flag, which takes no value.
    let value: String?
    /// What the option does, a line per element, as `--help` shows it.
    let help: [String]
    /// Whether the command cannot run without it (shown without brackets in the usage line).
    let required: Bool

    init(_ name: String, value: String? = nil, required: Bool = false, help: String...) {
        self.name = name
        self.value = value
        self.required = required
        self.help = help
    }

    /// `--speed N|max`, or `--json` for a flag.
    var synopsis: String {
        value.map { name + " " + $0 } ?? name
    }
}
