import MateRunSocket
import MateRunDomain

/// Turns `materun`'s arguments into a `Command`, or a `UsageError` that says exactly what is wrong.
///
/// Hand-written (no third-party parser): options may come before or after the scenario path,
/// take their value as `--speed 10` or `--speed=10`, and `--` ends the options.
package enum CommandLineParser {
    package static let commands = ["replay", "validate", "scenarios", "host", "join", "help"]

    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help": return .help(topic: nil)
        case "--version", "-V": return .version
        case "help":
            guard rest.count <= 1 else { throw UsageError("help takes at most one command name", command: "help") }
            if let topic = rest.first, !commands.contains(topic) {
                throw UsageError("unknown command '\(topic)'; commands: \(commands.joined(separator: ", "))")
            }
            return .help(topic: rest.first)
        case "replay": return try parseReplay(rest)
        case "validate": return try parseValidate(rest)
        case "scenarios": return try parseScenarios(rest)
        case "host": return try parseHost(rest)
        case "join": return try parseJoin(rest)
        default:
            if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
            throw UsageError("unknown command '\(first)'; commands: \(commands.joined(separator: ", "))")
        }
    }

    private static func parseReplay(_ arguments: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(arguments, command: "replay")
        if reader.wantsHelp { return .help(topic: "replay") }
        let options = try parseRunOptions(&reader, extra: { _, _ throws(UsageError) in false })
        return .replay(options)
    }

    private static func parseValidate(_ arguments: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(arguments, command: "validate")
        if reader.wantsHelp { return .help(topic: "validate") }
        try reader.rejectOptions()
        return .validate(path: try reader.singlePositional(named: "FILE"))
    }

    private static func parseScenarios(_ arguments: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(arguments, command: "scenarios")
        if reader.wantsHelp { return .help(topic: "scenarios") }
        var directory = "Scenarios"
        while let option = reader.nextOption() {
            switch option {
            case "--dir": directory = try reader.value(for: option)
            default: throw reader.unknown(option)
            }
        }
        guard reader.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(reader.positionals[0])'", command: "scenarios")
        }
        return .scenarios(directory: directory)
    }

    private static func parseHost(_ arguments: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(arguments, command: "host")
        if reader.wantsHelp { return .help(topic: "host") }
        var mode: MateMode?
        var bind = "127.0.0.1"
        var port = 0
        let run = try parseRunOptions(&reader) { option, reader throws(UsageError) in
            switch option {
            case "--mode":
                let value = try reader.value(for: option)
                guard let parsed = MateMode(rawValue: value) else {
                    throw UsageError("--mode must be 'race' or 'team', not '\(value)'", command: "host")
                }
                mode = parsed
            case "--bind": bind = try reader.value(for: option)
            case "--no-countdown":
                throw UsageError("host always counts down 3 s, agreed with the mate; drop --no-countdown", command: "host")
            case "--port": port = try reader.port(for: option, allowZero: true)
            default: return false
            }
            return true
        }
        guard let mode else { throw UsageError("host needs --mode race or --mode team", command: "host") }
        var options = HostOptions(run: run, mode: mode)
        options.bindAddress = bind
        options.port = port
        return .host(options)
    }

    private static func parseJoin(_ arguments: [String]) throws(UsageError) -> Command {
        var reader = OptionReader(arguments, command: "join")
        if reader.wantsHelp { return .help(topic: "join") }
        var address: TCPEndpoint?
        var code: String?
        let run = try parseRunOptions(&reader) { option, reader throws(UsageError) in
            switch option {
            case "--connect": address = try reader.endpoint(for: option)
            case "--code": code = try reader.value(for: option)
            case "--speed", "--goal":
                throw UsageError("join takes the speed and the goal from the host; drop \(option)", command: "join")
            case "--no-countdown":
                throw UsageError("join always counts down to the start agreed with the host; drop --no-countdown", command: "join")
            default: return false
            }
            return true
        }
        guard let address else { throw UsageError("join needs --connect HOST:PORT", command: "join") }
        guard let code, !code.isEmpty else { throw UsageError("join needs --code CODE (the host prints it)", command: "join") }
        return .join(JoinOptions(run: run, host: address.host, port: Int(address.port), code: code))
    }

    /// Reads the options every run command shares, offering each other option to `extra` first.
    private static func parseRunOptions(
        _ reader: inout OptionReader,
        extra: (String, inout OptionReader) throws(UsageError) -> Bool
    ) throws(UsageError) -> RunOptions {
        var speed = ReplaySpeed.times(1)
        var weight: Double?
        var goal: Double?
        var name: String?
        var json = false
        var countdown = true
        while let option = reader.nextOption() {
            if try extra(option, &reader) { continue }
            switch option {
            case "--speed": speed = try reader.speed(for: option)
            case "--weight": weight = try reader.number(for: option, in: 20...300, unit: "kg")
            case "--goal": goal = try reader.number(for: option, in: 0.1...1000, unit: "km")
            case "--name": name = try reader.value(for: option)
            case "--json":
                try reader.flag(option)
                json = true
            case "--no-countdown":
                try reader.flag(option)
                countdown = false
            default: throw reader.unknown(option)
            }
        }
        var options = RunOptions(scenarioPath: try reader.singlePositional(named: "SCENARIO"))
        options.speed = speed
        options.weightKilograms = weight
        options.goalKilometres = goal
        options.name = name
        options.json = json
        options.countdown = countdown
        return options
    }
}
