/// `materun man`: the manual page, materun(1), in roff, generated from the commands'
/// declarations (`ManPage`); `materun man | man -l -` reads it, scripts/install.sh installs it.
struct ManCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "man", positional: nil, summary: "print the manual page (roff) to standard output",
        details: "Read it with materun man | man -l -, or install it with scripts/install.sh.",
        options: [], refusals: [:], notes: nil)

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        container.output.write(ManPage.text())
        container.output.flush()
        return ExitStatus.success
    }
}
