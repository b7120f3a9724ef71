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

/// `materun --version`.
struct VersionCommand: MateRunCommand {
    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        container.output.writeLine(HelpText.version)
        container.output.flush()
        return ExitStatus.success
    }
}
