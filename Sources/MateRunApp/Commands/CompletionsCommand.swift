/// `materun completions bash|zsh|fish`: the shell's completion script, generated from the
/// commands' declarations (`CompletionCommand`).
struct CompletionsCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "completions", positional: "bash|zsh|fish", summary: "print a shell's completion script",
        details: """
        Completes the commands, their options, the values an option takes (e.g. race and team
        for --mode) and the kept runs' ids for show, export and delete. For one shell session:
        source <(materun completions bash). For good: scripts/install.sh puts each where its
        shell finds it.
        """,
        options: [], refusals: [:], notes: nil)

    /// The shells there is a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    let shell: Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.positional ?? ""
        guard let shell = Shell(rawValue: name) else {
            throw UsageError("completions takes bash, zsh or fish, not '\(name)'", command: "completions")
        }
        self.shell = shell
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let script = switch shell {
        case .bash: BashCompletionScript.text()
        case .zsh: ZshCompletionScript.text()
        case .fish: FishCompletionScript.text()
        }
        container.output.write(script)
        container.output.flush()
        return ExitStatus.success
    }
}
