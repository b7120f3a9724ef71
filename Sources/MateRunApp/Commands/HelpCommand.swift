/// `materun help [COMMAND]`, `--help`, `COMMAND --help`: the overview, or one command's help.
/// The parser makes it from any of these forms.
struct HelpCommand: MateRunCommand {
    /// The command whose help to show; nil for the overview.
    let topic: String?

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        container.output.writeLine(HelpText.text(for: topic))
        container.output.flush()
        return ExitStatus.success
    }
}

/// `materun version` and `materun --version`: the version, from `MateRunVersion`.
struct VersionCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "version", positional: nil, summary: "print the version (also --version)",
        details: "Prints materun and its version, e.g. for a bug report.", options: [], refusals: [:], notes: nil)

    init() {}

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        container.output.writeLine(HelpText.version)
        container.output.flush()
        return ExitStatus.success
    }
}
