import MateRunDomain

/// `materun host`: wait for a mate (on a port, or through NATS with `--via`), then run together.
struct HostCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "host", positional: "SCENARIO", summary: "wait for a running mate and run together (race or team)",
        details: """
        Prints the address and a pairing code, waits for one mate (materun join), agrees on one
        start, and runs both scenarios side by side. race: the first to the goal wins. team: the
        two distances add up to the goal.
        """,
        options: [
            OptionSpec("--mode", value: "race|team", required: true, help: "how the pair runs (required)"),
            RunOptionGroup.goal,
            OptionSpec("--port", value: "P", help: "the port to listen on (default: any free port)"),
            OptionSpec(
                "--bind", value: "ADDR",
                help: "the address to listen on (default: 127.0.0.1, this machine only;",
                "0.0.0.0 to accept mates from other machines)"),
            OptionSpec(
                "--via", value: "URL",
                help: "pair through a NATS server instead (nats://[USER@]HOST:PORT or", "tls://…, or a comma list of a cluster's nodes): both sides dial out"),
            OptionSpec(
                "--wait-for-mate", value: "SECONDS",
                help: "how long to wait for a mate before giving up (default: 600); the host says", "every 10 s that it still waits"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.speed, RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate,
            OutputOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace, OutputOptionGroup.noSave,
            DataOptionGroup.directory, OutputOptionGroup.nmeaServe, OutputOptionGroup.web,
        ],
        refusals: ["--no-countdown": "host always counts down 3 s, agreed with the mate; drop --no-countdown"],
        notes: "The countdown is always 3 s, agreed with the mate, so both runs start together.")

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: HostOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let modeText = arguments.string("--mode") else {
            throw UsageError("host needs --mode race or --mode team", command: "host")
        }
        guard let mode = MateMode(rawValue: modeText) else {
            throw UsageError("--mode must be 'race' or 'team', not '\(modeText)'", command: "host")
        }
        var options = HostOptions(run: try RunOptionGroup.read(arguments), mode: mode)
        options.bindAddress = arguments.string("--bind") ?? "127.0.0.1"
        options.port = try arguments.port("--port") ?? 0
        if arguments.string("--via") != nil {
            guard arguments.string("--port") == nil, arguments.string("--bind") == nil else {
                throw UsageError("--via pairs through NATS: drop --port and --bind", command: "host")
            }
            options.via = try NATSOptionGroup.url(arguments, command: "host")
        }
        options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "host")
        options.waitForMateSeconds = try arguments.number("--wait-for-mate", in: 10...604_800, unit: "seconds")
            ?? HostOptions.defaultWaitForMateSeconds
        self.options = options
    }

    var dataDirectory: String? { options.run.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try await PairedRun(container: container, side: .host(options)).run()
    }
}
