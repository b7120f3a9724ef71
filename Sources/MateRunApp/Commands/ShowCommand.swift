/// `materun show`: a kept run's result screen again.
struct ShowCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "show", positional: "ID|latest", summary: "show a kept run's result again",
        details: """
        ID is a run's id as history lists it, or its unique start; latest is the newest run; a
        scenario's name shows its newest run. Prints the result screen the run ended with.
        """,
        options: [OptionSpec("--json", help: "print the summary line the run printed with --json"), DataOptionGroup.directory],
        refusals: [:], notes: nil)

    let options: ShowOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = ShowOptions(
            reference: arguments.positional ?? "", json: arguments.flag("--json"), dataDirectory: DataOptionGroup.read(arguments))
    }

    var dataDirectory: String? { options.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try RecordCommands(container: container).show(options)
    }
}
