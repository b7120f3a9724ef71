import MateRunDomain

/// How fast a replay runs: a multiple of real time, or as fast as the machine allows.
package enum ReplaySpeed: Sendable, Equatable {
    case times(Double)
    case max
}

/// What the runner asked for on the command line of `replay`, `host` and `join`.
package struct RunOptions: Sendable, Equatable {
    package var scenarioPath: String
    package var speed: ReplaySpeed = .times(1)
    package var weightKilograms: Double?
    package var goalKilometres: Double?
    package var name: String?
    package var json = false
    package var countdown = true
    /// `--track`: which `<trk>`/`<rte>` of a GPX file to replay.
    package var track: Int?
    /// `--pace`: replay a GPX file at this pace (seconds per km) instead of its own times.
    package var paceSecondsPerKilometre: Double?
    /// `--max-hr`: the runner's maximum heart rate, for the zones.
    package var maxHeartRateBPM: Double?

    package init(
        scenarioPath: String, speed: ReplaySpeed = .times(1), weightKilograms: Double? = nil,
        goalKilometres: Double? = nil, name: String? = nil, json: Bool = false, countdown: Bool = true
    ) {
        self.scenarioPath = scenarioPath
        self.speed = speed
        self.weightKilograms = weightKilograms
        self.goalKilometres = goalKilometres
        self.name = name
        self.json = json
        self.countdown = countdown
    }
}

/// `materun host`'s options beyond the run's own.
package struct HostOptions: Sendable, Equatable {
    package var run: RunOptions
    package var mode: MateMode
    package var bindAddress = "127.0.0.1"
    package var port = 0
}

/// `materun join`'s options beyond the run's own.
package struct JoinOptions: Sendable, Equatable {
    package var run: RunOptions
    package var host: String
    package var port: Int
    package var code: String
}

/// One invocation of materun, parsed and checked.
package enum Command: Sendable, Equatable {
    case replay(RunOptions)
    case validate(path: String)
    case scenarios(directory: String)
    case host(HostOptions)
    case join(JoinOptions)
    case help(topic: String?)
    case version
}
