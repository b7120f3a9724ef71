import MateRunDomain
import MateRunRecords
import MateRunSocket

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
    /// `--data-dir`: where the run is kept; nil for the environment's default.
    package var dataDirectory: String?
    /// False with `--no-save`: the run is not kept.
    package var save = true
    /// `--nmea-serve IP:PORT`: serve the run's fixes as NMEA 0183 there.
    package var nmeaServe: TCPEndpoint?
    /// `--gpsd-serve [ADDR:]PORT`: serve the run's fixes with gpsd's JSON protocol there.
    package var gpsdServe: TCPEndpoint?
    /// `--control [ADDR:]PORT`: take steering commands for the replay there.
    package var control: TCPEndpoint?
    /// `--ghost`: the earlier run to race (a kept run's id, `latest`, `best`, or a file).
    package var ghost: String?
    /// `--web ADDR:PORT`: serve the run's live page there.
    package var web: TCPEndpoint?

    package init(
        scenarioPath: String, speed: ReplaySpeed = .times(1), weightKilograms: Double? = nil,
        goalKilometres: Double? = nil, name: String? = nil, json: Bool = false, countdown: Bool = true,
        dataDirectory: String? = nil, save: Bool = true
    ) {
        self.scenarioPath = scenarioPath
        self.speed = speed
        self.weightKilograms = weightKilograms
        self.goalKilometres = goalKilometres
        self.name = name
        self.json = json
        self.countdown = countdown
        self.dataDirectory = dataDirectory
        self.save = save
    }
}

/// `materun host`'s options beyond the run's own.
package struct HostOptions: Sendable, Equatable {
    package var run: RunOptions
    package var mode: MateMode
    package var bindAddress = "127.0.0.1"
    package var port = 0
    /// `--via`: pair through this NATS server instead of listening for the joiner.
    package var via: String?
    /// How to log in to `via` and whom to trust (`NATSOptionGroup`).
    package var login = NATSLogin()
    /// `--wait-for-mate SECONDS`: how long the host waits for a mate before it gives up.
    package var waitForMateSeconds = HostOptions.defaultWaitForMateSeconds

    package static let defaultWaitForMateSeconds = 600.0
}

/// `materun join`'s options beyond the run's own.
package struct JoinOptions: Sendable, Equatable {
    package var run: RunOptions
    package var host: String
    package var port: Int
    package var code: String
    /// `--via`: reach the host through this NATS server instead of `--connect`.
    package var via: String?
    /// How to log in to `via` and whom to trust (`NATSOptionGroup`).
    package var login = NATSLogin()
}

/// `materun group create` and `materun group join`'s options beyond the run's own.
package struct GroupOptions: Sendable, Equatable {
    package var run: RunOptions
    /// `--via`: the NATS server, `nats://[user:pass@]HOST:PORT` or `tls://…`.
    package var via: String
    /// How to log in to `via` and whom to trust (`NATSOptionGroup`).
    package var login = NATSLogin()
    /// `--mode`, for create.
    package var mode: MateMode = .race
    /// `--start-when N`, for create: start once N runners are in.
    package var startWhen: Int?
    /// `--max-runners N`, for create: the most runners the group takes.
    package var maxRunners = GroupOptions.defaultMaxRunners
    /// `--code`, for join: the join code.
    package var code = ""
    /// `--coordinator`, for create: who coordinates the group.
    package var coordinator = GroupCoordinatorChoice.either

    /// Who coordinates a new group.
    package enum GroupCoordinatorChoice: String, Sendable, Equatable {
        /// A group service when one answers within 1 s, else this process (no option given).
        case either
        /// A group service, or no group.
        case service
        /// This process.
        case here
    }

    package static let defaultMaxRunners = 100
}

/// `materun watch`'s options.
package struct WatchOptions: Sendable, Equatable {
    package var via: String
    /// `--code`: the watch code or the join code.
    package var code: String
    package var json = false
    /// `--web ADDR:PORT`: serve the boards as a live page there.
    package var web: TCPEndpoint?
    /// How to log in to `via` and whom to trust (`NATSOptionGroup`).
    package var login = NATSLogin()
}

/// `materun track`'s options beyond the run's own (gpsd is its source: its scenario path stays empty).
package struct TrackOptions: Sendable, Equatable {
    package var run: RunOptions
    /// `--gpsd HOST:PORT`.
    package var gpsd = TCPEndpoint(host: "127.0.0.1", port: 2947)
    /// `--idle-end SECONDS`: end the run after this long without a fix (since the last one, or
    /// the start); nil never.
    package var idleEndSeconds: Double?
    /// `--gpsd-retry SECONDS`: how long to keep reconnecting after gpsd goes away.
    package var retrySeconds = 30.0
}

/// `materun history`'s options.
package struct HistoryOptions: Sendable, Equatable {
    package var json = false
    /// Only runs that started on or after this local date.
    package var since: CivilDate?
    /// At most this many runs in the list (totals and bests still count every run).
    package var limit: Int?
    package var dataDirectory: String?
    /// `--ids`: only the runs' ids, one a line.
    package var idsOnly = false
}

/// `materun show`'s options.
package struct ShowOptions: Sendable, Equatable {
    /// `latest`, a run id or its unique start, or a scenario's name.
    package var reference: String
    package var json = false
    package var dataDirectory: String?
}

/// `materun export`'s options.
package struct ExportOptions: Sendable, Equatable {
    /// `latest`, a run id or its unique start, or a scenario file.
    package var reference: String
    package var format: ExportDocumentFormat
    /// `-o FILE`; nil writes to standard output.
    package var outputPath: String?
    package var dataDirectory: String?
    /// `--raw`: a GPX export of a kept run writes the fixes as the receiver gave them, not the
    /// track the tracker counted.
    package var raw = false
}
