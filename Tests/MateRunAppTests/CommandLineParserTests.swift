@testable import MateRunApp
import MateRunDomain
import MateRunRecords
import MateRunSocket
import Testing

/// Parses `arguments`, requiring the command to be of `type`.
private func parse<Command: MateRunCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
    let command = try CommandLineParser.parse(arguments)
    return try #require(command as? Command, "\(arguments) parsed as \(command), not \(Command.self)")
}

@Suite("Command line parsing")
struct CommandLineParserTests {
    @Test func replayTakesOptionsBeforeOrAfterTheScenarioAndWithEquals() throws {
        // Given options on both sides of the path, one with '='
        let command = try parse(
            ["replay", "--speed=10", "Scenarios/easy-5k.json", "--weight", "72.5", "--goal", "3", "--json", "--no-countdown"],
            as: ReplayCommand.self)
        // Then every option is read
        var expected = RunOptions(scenarioPath: "Scenarios/easy-5k.json")
        expected.speed = .times(10)
        expected.weightKilograms = 72.5
        expected.goalKilometres = 3
        expected.json = true
        expected.countdown = false
        #expect(command.options == expected)
    }

    @Test func speedMaxIsAccepted() throws {
        let command = try parse(["replay", "x.gpx", "--speed", "max"], as: ReplayCommand.self)
        #expect(command.options.speed == .max)
    }

    @Test("bad values and unknown flags are usage errors that say what is wrong", arguments: [
        (["replay", "x.json", "--speed", "fast"], "--speed expects a factor"),
        (["replay", "x.gpx", "--pace", "5.30"], "--pace expects a pace per km as M:SS"),
        (["replay", "x.gpx", "--pace", "0:30"], "--pace expects a pace per km as M:SS"),
        (["replay", "x.gpx", "--track", "0"], "--track expects a whole number from 1"),
        (["replay", "x.json", "--speed", "0"], "--speed expects a factor"),
        (["replay", "x.json", "--weight", "-3"], "--weight must be between 20 and 300 kg"),
        (["replay", "x.json", "--goal"], "--goal needs a value"),
        (["replay", "x.json", "--turbo"], "unknown option '--turbo' for replay"),
        (["replay"], "replay needs a SCENARIO"),
        (["replay", "a.json", "b.json"], "replay takes one SCENARIO, got also 'b.json'"),
        (["replay", "x.json", "--json=yes"], "--json takes no value"),
        (["fly"], "unknown command 'fly'; commands: replay, track, validate, scenarios, host, join, group create, group join, group results, watch, serve, history, show, export, delete, control, version, completions, man, help"),
        (["history", "--since", "2026-02-30"], "--since expects a date as YYYY-MM-DD"),
        (["history", "--limit", "0"], "--limit expects a whole number from 1 to 1000000, not '0'"),
        (["export", "latest", "--format", "kml"], "--format must be 'gpx', 'tcx', 'nmea', 'fit' or 'html', not 'kml'"),
        (["export", "latest"], "export needs --format gpx, tcx, nmea, fit or html"),
        (["show"], "show needs a ID|latest"),
        (["delete"], "delete needs a ID"),
        (["history", "latest"], "unexpected argument 'latest'"),
        (["replya", "x.json"], "unknown command 'replya'; did you mean 'replay'?"),
        (["replay", "x.json", "--sped", "2"], "unknown option '--sped' for replay; did you mean '--speed'?"),
        (["host", "x.json", "--mdoe", "race"], "did you mean '--mode'?"),
        (["replay", "x.json", "--speed", "2", "--speed=3"], "--speed is given twice; give it once"),
        (["replay", "x.json", "--json", "--json"], "--json is given twice; give it once"),
        ([], "no command given"),
        (["join", "x.json", "--connect", "127.0.0.1:1", "--code", "1", "--speed", "2"], "join takes the speed and the goal from the host"),
        (["host", "x.json"], "host needs --mode race or --mode team"),
        (["host", "x.json", "--mode", "relay"], "--mode must be 'race' or 'team', not 'relay'"),
        (["join", "x.json", "--connect", "localhost", "--code", "1"], "--connect expects HOST:PORT"),
        (["join", "x.json", "--connect", "127.0.0.1:7000"], "join needs --code CODE"),
        (["group", "join", "x.json", "--via", "nats://h:1", "--code", "abcdefghijklmnop"],
         "group join needs the join code (W-S); abcdefghijklmnop is the watch code, which only watches"),
        (["watch", "--via", "nats://h:1", "--code", "abc123"], "watch needs --code CODE, as the group's creator printed it"),
        (["group", "create", "x.json", "--via", "nats://h:1", "--mode", "race", "--start-when", "5", "--max-runners", "4"],
         "--start-when 5 can never happen with --max-runners 4"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) {
        // When the arguments are parsed
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            // Then the error says what is wrong
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test func helpAndVersionAreRecognisedEverywhere() throws {
        #expect(try parse(["--help"], as: HelpCommand.self).topic == nil)
        #expect(try parse(["help", "replay"], as: HelpCommand.self).topic == "replay")
        #expect(try parse(["replay", "--help"], as: HelpCommand.self).topic == "replay")
        _ = try parse(["--version"], as: VersionCommand.self)
    }

    @Test func joinReadsHostPortIncludingIPv6() throws {
        let options = try parse(["join", "x.json", "--connect", "[::1]:7000", "--code", "ABC123"], as: JoinCommand.self).options
        #expect(options.host == "::1")
        #expect(options.port == 7000)
        #expect(options.code == "ABC123")
    }

    @Test func hostAndJoinTakeANATSServerInsteadOfAnAddress() throws {
        let host = try parse(["host", "x.json", "--mode", "team", "--via", "nats://h:4222"], as: HostCommand.self).options
        #expect(host.via == "nats://h:4222")
        let join = try parse(["join", "x.json", "--via", "nats://t@h:1", "--code", "abc"], as: JoinCommand.self).options
        #expect(join.via == "nats://t@h:1" && join.code == "abc")
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["join", "x.json", "--via", "nats://h:1", "--connect", "h:2", "--code", "abc"])
        }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["host", "x.json", "--mode", "race", "--via", "wss://h:1"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["join", "x.json", "--code", "abc"]) }
    }

    static let everyNATSFile = NATSLogin(
        credentialsFile: "u.creds", certificateAuthorityFile: "ca.pem", certificateFile: "c.pem", keyFile: "c.key", passwordFile: "pw")

    @Test func hostAndJoinTakeTheNATSOptionsWithViaAndRefuseThemWithout() throws {
        let login = ["--nats-creds", "u.creds", "--nats-ca", "ca.pem", "--nats-cert", "c.pem", "--nats-key", "c.key", "--nats-password-file", "pw"]
        let host = try parse(["host", "x.json", "--mode", "race", "--via", "tls://h:1"] + login, as: HostCommand.self).options
        let join = try parse(["join", "x.json", "--via", "nats://ann@h:1", "--code", "abc"] + login, as: JoinCommand.self).options
        #expect(host.login == Self.everyNATSFile && join.login == Self.everyNATSFile)
        #expect(throws: UsageError("--nats-creds is for a NATS server: give --via URL too, or drop it", command: "host")) {
            try CommandLineParser.parse(["host", "x.json", "--mode", "race", "--nats-creds", "u.creds"])
        }
        #expect(throws: UsageError("--nats-ca is for a NATS server: give --via URL too, or drop it", command: "join")) {
            try CommandLineParser.parse(["join", "x.json", "--connect", "h:1", "--code", "abc", "--nats-ca", "ca.pem"])
        }
    }

    @Test func aClientCertificateNeedsItsKeyAndAPasswordFileAURLWithoutOne() {
        #expect(throws: UsageError("--nats-cert and --nats-key go together: give both or neither", command: "watch")) {
            try CommandLineParser.parse(["watch", "--via", "tls://h:1", "--code", "abcdefghijklmnop", "--nats-cert", "c.pem"])
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["watch", "--via", "nats://ann:pw@h:1", "--code", "abcdefghijklmnop", "--nats-password-file", "pw"])
        }
    }

    @Test func aTypoFarFromEveryNameGetsTheListInsteadOfAGuess() {
        #expect(NearestName.suggestion(for: "xyzzy", among: CommandLineParser.commands) == nil)
        #expect(NearestName.suggestion(for: "--jsno", among: ["--json", "--name"]) == "--json")
    }

    @Test("every option a command declares is accepted by the parser and reaches the command", arguments: CommandRegistry.specs.map(\.name))
    func everyDeclaredOptionParses(command: String) throws {
        let spec = try #require(CommandRegistry.command(named: command)).spec
        // Given a line with the command's required options and a value for every option
        let values = ["--speed": "2", "--goal": "5", "--weight": "70", "--name": "Ana", "--dir": "Scenarios",
                      "--mode": "race", "--port": "7000", "--bind": "0.0.0.0", "--connect": "127.0.0.1:7000", "--code": "abcdefghijklmnop-abcdefghijkl",
                      "--track": "2", "--pace": "5:30", "--max-hr": "185",
                      "--data-dir": "/tmp/runs", "--since": "2026-11-01", "--limit": "3", "--format": "tcx", "-o": "out.tcx",
                      "--nmea-serve": "127.0.0.1:0", "--gpsd-serve": "2947", "--control": "7070", "--gpsd": "127.0.0.1:2948", "--idle-end": "5", "--gpsd-retry": "2",
                      "--via": "nats://127.0.0.1:4222", "--start-when": "3", "--max-runners": "40", "--ghost": "latest",
                      "--web": "127.0.0.1:8080", "--nats-creds": "u.creds", "--nats-ca": "ca.pem",
                      "--nats-cert": "c.pem", "--nats-key": "c.key", "--nats-password-file": "pw",
                      "--coordinator": "service", "--secret-file": "secret", "--keep-results": "7", "--wait-for-mate": "90",
                      "--metrics": "127.0.0.1:9464", "--log-format": "json"]
        let natsGroup = Set(NATSOptionGroup.options.map(\.name) + ["--via"])
        // (`group create` is typed as two words.)
        // (`group results` takes a group's code, `control` an address and a command, `completions`
        // a shell's name; the others a file or a run's id.)
        let positional = command == "group results" ? ["abcdefghijklmnop"] : command == "control" ? ["127.0.0.1:7070", "stop"]
            : command == "completions" ? ["fish"] : ["x.json"]
        var arguments = command.split(separator: " ").map(String.init) + (spec.positional.map { _ in positional } ?? [])
        // (--via and --connect, --port or --bind exclude each other: --via and the NATS options
        // that go with it have tests of their own.)
        for option in spec.options where !(natsGroup.contains(option.name) && ["host", "join"].contains(command)) {
            arguments.append(option.name)
            if option.value != nil { arguments.append(try #require(values[option.name], "no sample value for \(option.name)")) }
        }
        // When it is parsed, Then it is the command with each value set (not a default)
        let parsed = try CommandLineParser.parse(arguments)
        switch parsed {
        case let replay as ReplayCommand:
            let run = replay.options
            var expected = RunOptions(scenarioPath: "x.json", speed: .times(2), weightKilograms: 70, goalKilometres: 5, name: "Ana", json: true, countdown: false, dataDirectory: "/tmp/runs", save: false)
            expected.track = 2
            expected.paceSecondsPerKilometre = 330
            expected.maxHeartRateBPM = 185
            expected.nmeaServe = TCPEndpoint(host: "127.0.0.1", port: 0)
            expected.gpsdServe = TCPEndpoint(host: "127.0.0.1", port: 2947)
            expected.control = TCPEndpoint(host: "127.0.0.1", port: 7070)
            expected.ghost = "latest"
            expected.web = TCPEndpoint(host: "127.0.0.1", port: 8080)
            #expect(run == expected)
        case let command as TrackCommand:
            let track = command.options
            var expected = RunOptions(scenarioPath: "", weightKilograms: 70, goalKilometres: 5, name: "Ana", json: true, countdown: false, dataDirectory: "/tmp/runs", save: false)
            expected.maxHeartRateBPM = 185
            expected.nmeaServe = TCPEndpoint(host: "127.0.0.1", port: 0)
            expected.ghost = "latest"
            expected.web = TCPEndpoint(host: "127.0.0.1", port: 8080)
            #expect(track == TrackOptions(run: expected, gpsd: TCPEndpoint(host: "127.0.0.1", port: 2948), idleEndSeconds: 5, retrySeconds: 2))
        case let validate as ValidateCommand:
            #expect(validate.path == "x.json" && validate.dataDirectory == "/tmp/runs")
        case let scenarios as ScenariosCommand:
            #expect(scenarios.directory == "Scenarios" && scenarios.dataDirectory == "/tmp/runs")
        case let command as HostCommand:
            let host = command.options
            #expect(host.mode == .race && host.port == 7000 && host.bindAddress == "0.0.0.0" && host.waitForMateSeconds == 90)
            var expected = RunOptions(scenarioPath: "x.json", speed: .times(2), weightKilograms: 70, goalKilometres: 5, name: "Ana", json: true, dataDirectory: "/tmp/runs", save: false)
            expected.track = 2
            expected.paceSecondsPerKilometre = 330
            expected.maxHeartRateBPM = 185
            expected.nmeaServe = TCPEndpoint(host: "127.0.0.1", port: 0)
            expected.web = TCPEndpoint(host: "127.0.0.1", port: 8080)
            #expect(host.run == expected)
        case let command as JoinCommand:
            let join = command.options
            #expect(join.host == "127.0.0.1" && join.port == 7000 && join.code == "abcdefghijklmnop-abcdefghijkl")
            var expected = RunOptions(scenarioPath: "x.json", weightKilograms: 70, name: "Ana", json: true, dataDirectory: "/tmp/runs", save: false)
            expected.track = 2
            expected.paceSecondsPerKilometre = 330
            expected.maxHeartRateBPM = 185
            expected.nmeaServe = TCPEndpoint(host: "127.0.0.1", port: 0)
            expected.web = TCPEndpoint(host: "127.0.0.1", port: 8080)
            #expect(join.run == expected)
        case let command as HistoryCommand:
            let history = command.options
            var expected = HistoryOptions(json: true, since: CivilDate(year: 2026, month: 11, day: 1), limit: 3, dataDirectory: "/tmp/runs")
            expected.idsOnly = true
            #expect(history == expected)
        case let command as ShowCommand:
            let show = command.options
            #expect(show == ShowOptions(reference: "x.json", json: true, dataDirectory: "/tmp/runs"))
        case let command as ExportCommand:
            let export = command.options
            #expect(export == ExportOptions(reference: "x.json", format: .tcx, outputPath: "out.tcx", dataDirectory: "/tmp/runs", raw: true))
        case let delete as DeleteCommand:
            #expect(delete.id == "x.json" && delete.dataDirectory == "/tmp/runs")
        case let command as GroupCreateCommand:
            let group = command.options
            #expect(group.via == "nats://127.0.0.1:4222" && group.mode == .race && group.startWhen == 3 && group.maxRunners == 40)
            #expect(group.coordinator == .service)
            #expect(group.login == Self.everyNATSFile)
            #expect(group.run.speed == .times(2) && group.run.goalKilometres == 5 && group.run.name == "Ana" && !group.run.save)
            #expect(group.run.web == TCPEndpoint(host: "127.0.0.1", port: 8080))
        case let command as GroupJoinCommand:
            let group = command.options
            #expect(group.via == "nats://127.0.0.1:4222" && group.code == "abcdefghijklmnop-abcdefghijkl" && group.run.json && group.run.name == "Ana")
            #expect(group.login == Self.everyNATSFile)
            #expect(group.run.web == TCPEndpoint(host: "127.0.0.1", port: 8080))
        case let command as GroupResultsCommand:
            #expect(command.options == WatchOptions(
                via: "nats://127.0.0.1:4222", code: "abcdefghijklmnop", json: true, login: Self.everyNATSFile))
        case let command as WatchCommand:
            let watch = command.options
            #expect(watch == WatchOptions(
                via: "nats://127.0.0.1:4222", code: "abcdefghijklmnop-abcdefghijkl", json: true, web: TCPEndpoint(host: "127.0.0.1", port: 8080),
                login: Self.everyNATSFile))
        case let serve as ServeCommand:
            #expect(serve.via == "nats://127.0.0.1:4222" && serve.secretFile == "secret" && serve.keepResultsDays == 7)
            #expect(serve.name == "Ana" && serve.dataDirectory == "/tmp/runs" && serve.login == Self.everyNATSFile)
            #expect(serve.metrics == TCPEndpoint(host: "127.0.0.1", port: 9464) && serve.logFormat == .json)
        case is VersionCommand, is ManCommand:
            #expect(spec.options.isEmpty)
        case let completions as CompletionsCommand:
            #expect(completions.shell == .fish)
        case let control as ControlCommand:
            #expect(control.endpoint == TCPEndpoint(host: "127.0.0.1", port: 7070))
            #expect(control.line == #"{"command":"stop"}"#)
        default:
            Issue.record("\(command) parsed as \(parsed)")
        }
    }

    @Test func goalHasOneHelpInEveryCommandThatTakesIt() throws {
        // Given every command that declares --goal
        let goals = CommandRegistry.specs.compactMap { $0.option(named: "--goal") }
        // Then there are several, and each shows the help of the one shared declaration
        #expect(goals.count >= 4)
        #expect(goals.allSatisfy { $0.help == RunOptionGroup.goal.help })
        #expect(HelpText.text(for: "track").contains("FIT file and gpsd have none"))
    }

    @Test func theReadmesCommandBlockIsWhatTheDeclarationsGenerate() throws {
        // Given the fenced block under "## Commands" in README.md
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## Commands\n"), "README has no Commands section")
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        // Then it is exactly the synopsis generated from the commands' declarations
        #expect(String(rest[open.upperBound..<close.lowerBound]) == HelpText.synopsis)
    }
}
