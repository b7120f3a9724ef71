import MateRunDomain

/// How fast a replay runs: a multiple of real time, or as fast as the machine allows.
public enum ReplaySpeed: Sendable, Equatable {
    case times(Double)
    case max
}

/// What the runner asked for on the command line of `replay`, `host` and `join`.
public struct RunOptions: Sendable, Equatable {
    public var scenarioPath: String
    public var speed: ReplaySpeed = .times(1)
    public var weightKilograms: Double?
    public var goalKilometres: Double?
    public var name: String?
    public var json = false
    public var countdown = true

    public init(scenarioPath: String) {
        self.scenarioPath = scenarioPath
    }
}

/// `materun host`'s options beyond the run's own.
public struct HostOptions: Sendable, Equatable {
    public var run: RunOptions
    public var mode: MateMode
    public var bindAddress = "127.0.0.1"
    public var port = 0
}

/// `materun join`'s options beyond the run's own.
public struct JoinOptions: Sendable, Equatable {
    public var run: RunOptions
    public var host: String
    public var port: Int
    public var code: String
}

/// One invocation of materun, parsed and checked.
public enum Command: Sendable, Equatable {
    case replay(RunOptions)
    case validate(path: String)
    case scenarios(directory: String)
    case host(HostOptions)
    case join(JoinOptions)
    case help(topic: String?)
    case version
}
