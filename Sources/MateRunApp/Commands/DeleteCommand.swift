/// `materun delete`: remove a kept run for good.
struct DeleteCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "delete", positional: "ID", summary: "remove a kept run for good",
        details: """
        ID is the run's id or its unique start, as history lists it; never latest or a scenario's
        name, since a deletion is for good.
        """,
        options: [DataOptionGroup.directory], refusals: [:], notes: nil)

    static var writesHistory: Bool { true }

    let id: String
    let dataDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        id = arguments.positional ?? ""
        dataDirectory = DataOptionGroup.read(arguments)
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try RecordCommands(container: container).delete(id: id, dataDirectory: dataDirectory)
    }
}
