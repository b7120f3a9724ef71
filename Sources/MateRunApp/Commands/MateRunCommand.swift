/// One command of materun, as a type that holds its options and runs: what `MateRunCLI`
/// dispatches, the same way for every command.
protocol MateRunCommand: Sendable {
    /// Whether it writes to the history: such a command first seals the runs a dead process
    /// left; the others read the history as it is and write nothing.
    static var writesHistory: Bool { get }
    /// Whether Ctrl-C, SIGTERM and SIGHUP cancel it (a run, a watch) rather than end the process
    /// outright.
    static var isInterruptible: Bool { get }

    /// The `--data-dir` it was given, if it takes one.
    var dataDirectory: String? { get }

    /// Runs with the app `container` builds; returns the exit status.
    func run(in container: AppContainer) async throws(CommandFailure) -> Int32
}

extension MateRunCommand {
    static var writesHistory: Bool { false }
    static var isInterruptible: Bool { false }
    var dataDirectory: String? { nil }
}

/// A command with a declaration of its own: its name, arguments and options, from which the
/// parser, `--help`, the usage lines and the README's synopsis are all generated, and the reading
/// of its arguments. A new command is one such type and one line in `CommandRegistry`.
protocol DeclaredCommand: MateRunCommand {
    /// The declaration: name, positional argument, summary, details, options, refusals, notes.
    static var spec: CommandSpec { get }

    /// Reads the arguments the scanner parsed against `spec`, checking every value.
    init(_ arguments: ParsedArguments) throws(UsageError)
}
