/// `materun validate FILE`: what a scenario file holds, or its first error.
struct ValidateCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "validate", positional: "FILE", summary: "check a scenario file and show what it contains",
        details: """
        Prints the scenario's name, runner, goal, samples and duration, or the first error with
        the file, the place (JSON path, line, or a FIT file's byte) and what was expected. Exit
        status 1 on an error.
        """,
        options: [DataOptionGroup.directory], refusals: [:], notes: nil)

    let path: String
    let dataDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional ?? ""
        dataDirectory = DataOptionGroup.read(arguments)
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try ScenarioCommands(container: container).validate(path: path)
    }
}
