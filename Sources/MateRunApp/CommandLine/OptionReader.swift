import MateRunSocket

/// Walks a subcommand's arguments: options with their values, and the positional arguments.
struct OptionReader {
    private var arguments: ArraySlice<String>
    private let command: String
    private(set) var positionals: [String] = []
    private var pendingValue: String?
    private var optionsEnded = false

    init(_ arguments: [String], command: String) {
        self.arguments = arguments[...]
        self.command = command
    }

    /// Whether `-h`/`--help` appears before any `--`.
    var wantsHelp: Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// The next option name, collecting positionals on the way; nil when none are left.
    mutating func nextOption() -> String? {
        while let argument = arguments.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                pendingValue = String(argument[argument.index(after: equals)...])
                return String(argument[..<equals])
            }
            pendingValue = nil
            return argument
        }
        return nil
    }

    mutating func value(for option: String) throws(UsageError) -> String {
        if let value = pendingValue {
            pendingValue = nil
            return value
        }
        guard let value = arguments.popFirst() else {
            throw UsageError("\(option) needs a value", command: command)
        }
        return value
    }

    /// For a flag: refuses `--flag=value`.
    mutating func flag(_ option: String) throws(UsageError) {
        if pendingValue != nil { throw UsageError("\(option) takes no value", command: command) }
    }

    mutating func number(for option: String, in range: ClosedRange<Double>, unit: String) throws(UsageError) -> Double {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite else {
            throw UsageError("\(option) expects a number of \(unit), not '\(text)'", command: command)
        }
        guard range.contains(number) else {
            throw UsageError(
                "\(option) must be between \(Self.plain(range.lowerBound)) and \(Self.plain(range.upperBound)) \(unit), not \(text)",
                command: command)
        }
        return number
    }

    mutating func speed(for option: String) throws(UsageError) -> ReplaySpeed {
        let text = try value(for: option)
        if text == "max" { return .max }
        let digits = text.hasSuffix("x") ? String(text.dropLast()) : text
        guard let factor = Double(digits), factor.isFinite, factor >= 0.01, factor <= 10_000 else {
            throw UsageError("\(option) expects a factor from 0.01 to 10000 (e.g. 1, 10, 0.5) or 'max', not '\(text)'",
                             command: command)
        }
        return .times(factor)
    }

    mutating func port(for option: String, allowZero: Bool) throws(UsageError) -> Int {
        let text = try value(for: option)
        guard let port = Int(text), (allowZero ? 0 : 1)...65535 ~= port else {
            throw UsageError("\(option) expects a port number \(allowZero ? 0 : 1)-65535, not '\(text)'", command: command)
        }
        return port
    }

    mutating func endpoint(for option: String) throws(UsageError) -> TCPEndpoint {
        let text = try value(for: option)
        guard let endpoint = TCPEndpoint(parsing: text), endpoint.port > 0 else {
            throw UsageError("\(option) expects HOST:PORT (e.g. 127.0.0.1:7000, [::1]:7000), not '\(text)'", command: command)
        }
        return endpoint
    }

    mutating func rejectOptions() throws(UsageError) {
        if let option = nextOption() { throw unknown(option) }
    }

    func unknown(_ option: String) -> UsageError {
        UsageError("unknown option '\(option)' for \(command)", command: command)
    }

    func singlePositional(named name: String) throws(UsageError) -> String {
        guard let path = positionals.first else { throw UsageError("\(command) needs a \(name)", command: command) }
        guard positionals.count == 1 else {
            throw UsageError("\(command) takes one \(name), got also '\(positionals[1])'", command: command)
        }
        return path
    }

    private static func plain(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
