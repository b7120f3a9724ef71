import MateRunDomain
import MateRunSocket

/// A command's arguments as the scanner read them against its declaration: the positional
/// argument, each option's value, the flags given. Its readers check values and say what is wrong.
struct ParsedArguments: Sendable {
    let command: String
    private(set) var positional: String?
    /// The words after the positional, for a command that takes them (`CommandSpec.takesMoreWords`).
    private(set) var moreWords: [String] = []
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []

    /// Reads `arguments` for `spec`: options before or after the positional, `--opt value` or
    /// `--opt=value`, `--` ends the options. Unknown options get a suggestion, repeated ones an
    /// error, refused ones their advice.
    init(_ arguments: [String], for spec: CommandSpec) throws(UsageError) {
        command = spec.name
        var rest = arguments[...]
        var positionals: [String] = []
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                if let advice = spec.refusals[name] { throw UsageError(advice, command: spec.name) }
                throw Self.unknown(name, for: spec)
            }
            guard values[name] == nil, !flags.contains(name) else {
                throw UsageError("\(name) is given twice; give it once", command: spec.name)
            }
            if option.value == nil {
                guard inline == nil else { throw UsageError("\(name) takes no value", command: spec.name) }
                flags.insert(name)
            } else if let value = inline ?? rest.popFirst() {
                values[name] = value
            } else {
                throw UsageError("\(name) needs a value (\(option.synopsis))", command: spec.name)
            }
        }
        if spec.takesMoreWords, positionals.count > 1 {
            moreWords = Array(positionals.dropFirst())
            positionals = [positionals[0]]
        }
        positional = try Self.positional(positionals, for: spec)
    }

    private static func unknown(_ name: String, for spec: CommandSpec) -> UsageError {
        let suggestion = NearestName.suggestion(for: name, among: spec.options.map(\.name))
        return UsageError(
            "unknown option '\(name)' for \(spec.name)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            command: spec.name)
    }

    private static func positional(_ positionals: [String], for spec: CommandSpec) throws(UsageError) -> String? {
        guard let name = spec.positional else {
            if let extra = positionals.first { throw UsageError("unexpected argument '\(extra)'", command: spec.name) }
            return nil
        }
        guard let first = positionals.first else { throw UsageError("\(spec.name) needs a \(name)", command: spec.name) }
        guard positionals.count == 1 else {
            throw UsageError("\(spec.name) takes one \(name), got also '\(positionals[1])'", command: spec.name)
        }
        return first
    }

    // MARK: Typed values

    func string(_ name: String) -> String? {
        values[name]
    }

    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("\(name) expects a number of \(unit), not '\(text)'", command: command)
        }
        guard range.contains(number) else {
            throw UsageError(
                "\(name) must be between \(range.lowerBound.plainText) and \(range.upperBound.plainText) \(unit), not \(text)",
                command: command)
        }
        return number
    }

    func speed(_ name: String) throws(UsageError) -> ReplaySpeed? {
        guard let text = values[name] else { return nil }
        if text == "max" { return .max }
        let digits = text.hasSuffix("x") ? String(text.dropLast()) : text
        guard let factor = Double(digits), factor.isFinite, factor >= 0.01, factor <= 10_000 else {
            throw UsageError("\(name) expects a factor from 0.01 to 10000 (e.g. 1, 10, 0.5) or 'max', not '\(text)'",
                             command: command)
        }
        return .times(factor)
    }

    /// A pace written as minutes and seconds per km (`5:30`), between 1:00 and 60:00.
    func pace(_ name: String) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), parts[1].count == 2, let seconds = Int(parts[1]),
              minutes >= 0, (0..<60).contains(seconds), (60...3600).contains(minutes * 60 + seconds) else {
            throw UsageError("\(name) expects a pace per km as M:SS between 1:00 and 60:00 (e.g. 5:30), not '\(text)'",
                             command: command)
        }
        return Double(minutes * 60 + seconds)
    }

    /// A whole number from 1 up to `limit`.
    func count(_ name: String, upTo limit: Int) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), (1...limit).contains(value) else {
            throw UsageError("\(name) expects a whole number from 1 to \(limit), not '\(text)'", command: command)
        }
        return value
    }

    func port(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let port = Int(text), 0...65535 ~= port else {
            throw UsageError("\(name) expects a port number 0-65535, not '\(text)'", command: command)
        }
        return port
    }

    /// A local date written `YYYY-MM-DD`.
    func date(_ name: String) throws(UsageError) -> CivilDate? {
        guard let text = values[name] else { return nil }
        guard let date = CivilDate(parsing: text) else {
            throw UsageError("\(name) expects a date as YYYY-MM-DD (e.g. 2026-11-01), not '\(text)'", command: command)
        }
        return date
    }

    func endpoint(_ name: String) throws(UsageError) -> TCPEndpoint? {
        guard let text = values[name] else { return nil }
        guard let endpoint = TCPEndpoint(parsing: text), endpoint.port > 0 else {
            throw UsageError("\(name) expects HOST:PORT (e.g. 127.0.0.1:7000, [::1]:7000), not '\(text)'", command: command)
        }
        return endpoint
    }

    /// An address to listen on, `IP:PORT`; port 0 asks for any free port. With
    /// `loopbackUnlessGiven`, a port alone listens on 127.0.0.1.
    func listenEndpoint(_ name: String, loopbackUnlessGiven: Bool = false) throws(UsageError) -> TCPEndpoint? {
        guard let text = values[name] else { return nil }
        if loopbackUnlessGiven, let port = UInt16(text) { return TCPEndpoint(host: "127.0.0.1", port: port) }
        guard let endpoint = TCPEndpoint(parsing: text) else {
            throw UsageError("\(name) expects IP:PORT (e.g. 127.0.0.1:10110, 0.0.0.0:0), not '\(text)'", command: command)
        }
        return endpoint
    }
}
