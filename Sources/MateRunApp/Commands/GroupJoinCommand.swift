/// `materun group join`: join a group run by its join code, and run in it.
struct GroupJoinCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "group join", positional: "SCENARIO", summary: "join a group run by its code",
        details: "The group's creator decides the mode, the goal and the speed.",
        options: [
            NATSOptionGroup.via, OptionSpec("--code", value: "CODE", required: true, help: "the group's join code (W-S, as group create prints it)"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate, OutputOptionGroup.json,
            RunOptionGroup.track, RunOptionGroup.pace, OutputOptionGroup.noSave, DataOptionGroup.directory,
            OutputOptionGroup.web,
        ],
        refusals: [
            "--speed": "a group runs at its creator's speed; drop --speed",
            "--goal": "a group runs to its creator's goal; drop --goal",
        ],
        notes: nil)

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: GroupOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var options = GroupOptions(run: try RunOptionGroup.read(arguments), via: try NATSOptionGroup.url(arguments, command: "group join"))
        options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "group join")
        options.code = try GroupCodeOption.read(arguments, command: "group join", joining: true)
        self.options = options
    }

    var dataDirectory: String? { options.run.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try await GroupRun(container: container, options: options, side: .join).run()
    }
}
