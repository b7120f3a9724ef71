/// `materun scenarios`: the bundled scenarios, a line each.
struct ScenariosCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "scenarios", positional: nil, summary: "list the bundled scenarios",
        details: "Lists each scenario file of the directory, a line each, with what is wrong with a broken one.",
        options: [OptionSpec("--dir", value: "DIR", help: "the directory to list (default: Scenarios)"), DataOptionGroup.directory],
        refusals: [:], notes: nil)

    let directory: String
    let dataDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        directory = arguments.string("--dir") ?? "Scenarios"
        dataDirectory = DataOptionGroup.read(arguments)
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try ScenarioCommands(container: container).list(directory: directory)
    }
}
