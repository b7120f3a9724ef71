/// `materun join`: pair with a host's run (at its address, or through NATS with `--via`).
struct JoinCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "join", positional: "SCENARIO", summary: "pair with a host's run",
        details: """
        The host decides the mode, the goal and the speed. If the connection drops, join
        reconnects by itself and the run resumes.
        """,
        options: [
            OptionSpec("--connect", value: "HOST:PORT", help: "the address the host printed (or --via)"),
            OptionSpec("--via", value: "URL", help: "the NATS server the host printed (or --connect)"),
            OptionSpec("--code", value: "CODE", required: true, help: "the pairing code the host printed"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate, OutputOptionGroup.json,
            RunOptionGroup.track, RunOptionGroup.pace, OutputOptionGroup.noSave, DataOptionGroup.directory,
            OutputOptionGroup.nmeaServe, OutputOptionGroup.web,
        ],
        refusals: [
            "--speed": "join takes the speed and the goal from the host; drop --speed",
            "--goal": "join takes the speed and the goal from the host; drop --goal",
            "--no-countdown": "join always counts down to the start agreed with the host; drop --no-countdown",
        ],
        notes: nil)

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: JoinOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let code = arguments.string("--code"), !code.isEmpty else {
            throw UsageError("join needs --code CODE (the host prints it)", command: "join")
        }
        if arguments.string("--via") != nil {
            guard arguments.string("--connect") == nil else {
                throw UsageError("give --connect HOST:PORT or --via URL, not both", command: "join")
            }
            var options = JoinOptions(run: try RunOptionGroup.read(arguments), host: "", port: 0, code: code)
            options.via = try NATSOptionGroup.url(arguments, command: "join")
            options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "join")
            self.options = options
            return
        }
        _ = try NATSOptionGroup.login(arguments, via: nil, command: "join")
        guard let address = try arguments.endpoint("--connect") else {
            throw UsageError("join needs --connect HOST:PORT (or --via URL)", command: "join")
        }
        options = JoinOptions(run: try RunOptionGroup.read(arguments), host: address.host, port: Int(address.port), code: code)
    }

    var dataDirectory: String? { options.run.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try await PairedRun(container: container, side: .join(options)).run()
    }
}
