import MateRunDomain

/// `materun group create`: open a group run on a NATS server, coordinate it, and run in it.
struct GroupCreateCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "group create", positional: "SCENARIO", summary: "start a group run on a NATS server and run in it",
        details: """
        Prints the group's two codes: the join code (materun group join) and the watch code
        (materun watch; it cannot join). The run starts for everyone at once when --start-when
        runners are in, or when you press Enter. A group service (materun serve) on the
        server coordinates the group when one answers within 1 s: the group then goes on
        if you leave; otherwise this process coordinates it while it runs. race: each
        runs to the goal, ranked by time; team: everyone's distances add up to the goal. Each
        runner sees their place, the leader, and the runners just ahead and behind.
        """,
        options: [
            NATSOptionGroup.via, OptionSpec("--mode", value: "race|team", required: true, help: "how the group runs (required)"),
            RunOptionGroup.goal,
            OptionSpec("--start-when", value: "N", help: "start once N runners are in, you included (default: on Enter)"),
            OptionSpec("--max-runners", value: "N", help: "take at most N runners, you included (default: 100)"),
            OptionSpec(
                "--coordinator", value: "service|here",
                help: "insist on a group service (materun serve), or coordinate in this", "process (default: a service when one answers)"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.speed, RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate,
            OutputOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace, OutputOptionGroup.noSave,
            DataOptionGroup.directory, OutputOptionGroup.web,
        ],
        refusals: ["--no-countdown": "a group always counts down 3 s together; drop --no-countdown"],
        notes: nil)

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: GroupOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let modeText = arguments.string("--mode"), let mode = MateMode(rawValue: modeText) else {
            throw UsageError("group create needs --mode race or --mode team", command: "group create")
        }
        var options = GroupOptions(
            run: try RunOptionGroup.read(arguments), via: try NATSOptionGroup.url(arguments, command: "group create"), mode: mode)
        options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "group create")
        options.startWhen = try arguments.count("--start-when", upTo: 10_000)
        options.maxRunners = try arguments.count("--max-runners", upTo: 10_000) ?? GroupOptions.defaultMaxRunners
        if let startWhen = options.startWhen, startWhen > options.maxRunners {
            throw UsageError(
                "--start-when \(startWhen) can never happen with --max-runners \(options.maxRunners)", command: "group create")
        }
        if let choice = arguments.string("--coordinator") {
            guard let coordinator = GroupOptions.GroupCoordinatorChoice(rawValue: choice), coordinator != .either else {
                throw UsageError("--coordinator takes service or here, not \(choice)", command: "group create")
            }
            options.coordinator = coordinator
        }
        self.options = options
    }

    var dataDirectory: String? { options.run.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try await GroupRun(container: container, options: options, side: .create).run()
    }
}
