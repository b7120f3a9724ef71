import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunRecords

/// Every command and option of materun, declared once. The parser (`CommandLineParser`), the
/// help (`HelpText`), the usage lines and the README's command block are generated from it, so
/// they cannot disagree.
enum CommandTable {
    static let commands: [CommandSpec] = [
        replay, trackLive, validate, scenarios, host, join, groupCreate, groupJoin, watch, history, show, export, delete,
    ]

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    static let replay = CommandSpec(
        name: "replay", positional: "SCENARIO", summary: "replay a scenario (.json, .gpx, .tcx or .fit) with live stats",
        details: """
        SCENARIO is a scenario file (.json, see Scenarios/README.md), a GPX 1.1 track (.gpx), a
        Garmin TCX file (.tcx) or a FIT activity file (.fit), as devices and apps write them.
        On a terminal the stats are redrawn in place; piped, one line a second is printed;
        with --json, one event per line: progress (each run second), split (each km), lap,
        paused and resumed (by auto or runner), gps_lost, gps_found, and a final summary.
        A GPX file's segments (a TCX file's Tracks, a FIT file's timer stops) are the watch's
        pauses; points without a position, or whose time goes back or is absurd, are dropped,
        with a note on standard error. On a terminal, keys: space pauses and
        resumes, l marks a lap, q stops and keeps the run (exit 0). Ctrl-C cancels the run and
        prints its summary (exit 130; SIGTERM 143, SIGHUP 129). The run is kept in the history
        without syncing it to the disk: a replay can be run again, and a power cut may lose it.
        """,
        options: [
            RunOptionGroup.speed, RunOptionGroup.goal, RunOptionGroup.weight, RunOptionGroup.name,
            RunOptionGroup.maxHeartRate, RunOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace,
            RunOptionGroup.noCountdown, RunOptionGroup.noSave, DataOptionGroup.directory, RunOptionGroup.nmeaServe,
            RunOptionGroup.ghost, RunOptionGroup.web,
        ],
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in .replay(try RunOptionGroup.read(arguments)) })

    static let trackLive = CommandSpec(
        name: "track", positional: nil, summary: "track a live run from a GPS receiver through gpsd",
        details: """
        Connects to gpsd's JSON socket, asks for its reports (?WATCH) and tracks the run from
        its TPV reports as replay does from a scenario: the same screen, keys, --json events and
        history. The reports of one epoch are merged by their time; a report without a fix
        (mode 0 or 1) counts as none; a fix's time is gpsd's. Reports that cannot be a fix
        (garbage, wrong types, times going back) are dropped and counted on standard error.
        When no fix has come for 10 s, and every 30 s after, standard error says so and why it
        may be (gpsd lists no receiver, or its receiver reports no fix). On a terminal, keys:
        space pauses and resumes, l marks a lap, q stops and keeps the run. The run ends by q
        (kept, stopped), Ctrl-C (cancelled, exit 130), the goal, --idle-end, or gpsd gone for
        longer than --gpsd-retry (ended by the receiver, at its last fix); while gpsd is away
        the screen shows GPS LOST and the run goes on. Exit status 1 when gpsd cannot be reached.
        """,
        options: [
            OptionSpec("--gpsd", value: "HOST:PORT", help: "gpsd's address (default 127.0.0.1:2947)"),
            OptionSpec(
                "--idle-end", value: "SECONDS",
                help: "end the run when this many seconds pass without a fix (after the last",
                "one, or from the start when none came), 1-86400 (default: never)"),
            OptionSpec(
                "--gpsd-retry", value: "SECONDS",
                help: "how long to keep reconnecting after gpsd closes the connection,", "0-86400 (default 30)"),
            RunOptionGroup.goal,
            OptionSpec("--weight", value: "KG", help: "the runner's weight in kg, 20-300 (default 70)"),
            OptionSpec("--name", value: "NAME", help: "the runner's name (default: Runner)"),
            OptionSpec(
                "--max-hr", value: "BPM", help: "the runner's maximum heart rate, 100-230, for the heart-rate zones",
                "(default 190)"),
            RunOptionGroup.json, OptionSpec("--no-countdown", help: "start at once, without the 3 s countdown"),
            RunOptionGroup.noSave, DataOptionGroup.directory,
            RunOptionGroup.nmeaServe, RunOptionGroup.ghost, RunOptionGroup.web,
        ],
        refusals: [
            "--speed": "track follows the receiver in real time; drop --speed",
            "--track": "--track chooses a track of a GPX file; track reads gpsd",
            "--pace": "--pace sets a GPX file's pace; track reads gpsd",
        ],
        notes: "gpsd must be running, e.g. gpsd -N -n /dev/ttyACM0, or gpsfake -P 2947 LOG for a log.",
        build: { arguments throws(UsageError) in
            var options = TrackOptions(run: try RunOptionGroup.read(arguments))
            if let endpoint = try arguments.endpoint("--gpsd") { options.gpsd = endpoint }
            options.idleEndSeconds = try arguments.number("--idle-end", in: 1...86_400, unit: "seconds")
            options.retrySeconds = try arguments.number("--gpsd-retry", in: 0...86_400, unit: "seconds") ?? 30
            options.run.scenarioPath = "gpsd://\(options.gpsd)"
            return .track(options)
        })

    static let validate = CommandSpec(
        name: "validate", positional: "FILE", summary: "check a scenario file and show what it contains",
        details: """
        Prints the scenario's name, runner, goal, samples and duration, or the first error with
        the file, the place (JSON path, line, or a FIT file's byte) and what was expected. Exit
        status 1 on an error.
        """,
        options: [DataOptionGroup.directory], refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            .validate(path: arguments.positional ?? "", dataDirectory: DataOptionGroup.read(arguments))
        })

    static let scenarios = CommandSpec(
        name: "scenarios", positional: nil, summary: "list the bundled scenarios",
        details: "Lists each scenario file of the directory, a line each, with what is wrong with a broken one.",
        options: [OptionSpec("--dir", value: "DIR", help: "the directory to list (default: Scenarios)"), DataOptionGroup.directory],
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            .scenarios(directory: arguments.string("--dir") ?? "Scenarios", dataDirectory: DataOptionGroup.read(arguments))
        })

    static let host = CommandSpec(
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
                help: "pair through a NATS server instead (nats://[USER@]HOST:PORT or", "tls://…): both sides dial out"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.speed, RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate,
            RunOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace, RunOptionGroup.noSave,
            DataOptionGroup.directory, RunOptionGroup.nmeaServe, RunOptionGroup.web,
        ],
        refusals: ["--no-countdown": "host always counts down 3 s, agreed with the mate; drop --no-countdown"],
        notes: "The countdown is always 3 s, agreed with the mate, so both runs start together.",
        build: { arguments throws(UsageError) in
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
                options.via = try natsURL(arguments, command: "host")
            }
            options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "host")
            return .host(options)
        })

    static let join = CommandSpec(
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
            RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate, RunOptionGroup.json,
            RunOptionGroup.track, RunOptionGroup.pace, RunOptionGroup.noSave, DataOptionGroup.directory,
            RunOptionGroup.nmeaServe, RunOptionGroup.web,
        ],
        refusals: [
            "--speed": "join takes the speed and the goal from the host; drop --speed",
            "--goal": "join takes the speed and the goal from the host; drop --goal",
            "--no-countdown": "join always counts down to the start agreed with the host; drop --no-countdown",
        ],
        notes: nil,
        build: { arguments throws(UsageError) in
            guard let code = arguments.string("--code"), !code.isEmpty else {
                throw UsageError("join needs --code CODE (the host prints it)", command: "join")
            }
            if arguments.string("--via") != nil {
                guard arguments.string("--connect") == nil else {
                    throw UsageError("give --connect HOST:PORT or --via URL, not both", command: "join")
                }
                var options = JoinOptions(run: try RunOptionGroup.read(arguments), host: "", port: 0, code: code)
                options.via = try natsURL(arguments, command: "join")
                options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "join")
                return .join(options)
            }
            _ = try NATSOptionGroup.login(arguments, via: nil, command: "join")
            guard let address = try arguments.endpoint("--connect") else {
                throw UsageError("join needs --connect HOST:PORT (or --via URL)", command: "join")
            }
            return .join(JoinOptions(run: try RunOptionGroup.read(arguments), host: address.host, port: Int(address.port), code: code))
        })

    static let via = OptionSpec(
        "--via", value: "URL", required: true,
        help: "the NATS server: nats://HOST:PORT, or tls://HOST:PORT to insist on TLS",
        "(used too when the server requires it); nats://USER@HOST:PORT takes its",
        "password from --nats-password-file or $MATERUN_NATS_PASSWORD")

    static let groupCreate = CommandSpec(
        name: "group create", positional: "SCENARIO", summary: "start a group run on a NATS server and run in it",
        details: """
        Prints the group's two codes: the join code (materun group join) and the watch code
        (materun watch; it cannot join). The run starts for everyone at once when --start-when
        runners are in, or when you press Enter. race: each
        runs to the goal, ranked by time; team: everyone's distances add up to the goal. Each
        runner sees their place, the leader, and the runners just ahead and behind.
        """,
        options: [
            via, OptionSpec("--mode", value: "race|team", required: true, help: "how the group runs (required)"),
            RunOptionGroup.goal,
            OptionSpec("--start-when", value: "N", help: "start once N runners are in, you included (default: on Enter)"),
            OptionSpec("--max-runners", value: "N", help: "take at most N runners, you included (default: 100)"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.speed, RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate,
            RunOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace, RunOptionGroup.noSave,
            DataOptionGroup.directory, RunOptionGroup.web,
        ],
        refusals: ["--no-countdown": "a group always counts down 3 s together; drop --no-countdown"],
        notes: nil,
        build: { arguments throws(UsageError) in
            guard let modeText = arguments.string("--mode"), let mode = MateMode(rawValue: modeText) else {
                throw UsageError("group create needs --mode race or --mode team", command: "group create")
            }
            var options = GroupOptions(run: try RunOptionGroup.read(arguments), via: try natsURL(arguments, command: "group create"), mode: mode)
            options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "group create")
            options.startWhen = try arguments.count("--start-when", upTo: 10_000)
            options.maxRunners = try arguments.count("--max-runners", upTo: 10_000) ?? GroupOptions.defaultMaxRunners
            if let startWhen = options.startWhen, startWhen > options.maxRunners {
                throw UsageError(
                    "--start-when \(startWhen) can never happen with --max-runners \(options.maxRunners)", command: "group create")
            }
            return .groupCreate(options)
        })

    static let groupJoin = CommandSpec(
        name: "group join", positional: "SCENARIO", summary: "join a group run by its code",
        details: "The group's creator decides the mode, the goal and the speed.",
        options: [
            via, OptionSpec("--code", value: "CODE", required: true, help: "the group's join code (W-S, as group create prints it)"),
        ] + NATSOptionGroup.options + [
            RunOptionGroup.weight, RunOptionGroup.name, RunOptionGroup.maxHeartRate, RunOptionGroup.json,
            RunOptionGroup.track, RunOptionGroup.pace, RunOptionGroup.noSave, DataOptionGroup.directory,
            RunOptionGroup.web,
        ],
        refusals: [
            "--speed": "a group runs at its creator's speed; drop --speed",
            "--goal": "a group runs to its creator's goal; drop --goal",
        ],
        notes: nil,
        build: { arguments throws(UsageError) in
            var options = GroupOptions(run: try RunOptionGroup.read(arguments), via: try natsURL(arguments, command: "group join"))
            options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "group join")
            options.code = try groupCode(arguments, command: "group join", joining: true)
            return .groupJoin(options)
        })

    static let watch = CommandSpec(
        name: "watch", positional: nil, summary: "watch a group run's leaderboard live",
        details: "Shows the standings at once, whenever you arrive, then once a second until the result.",
        options: [
            via, OptionSpec("--code", value: "CODE", required: true, help: "the group's watch code (or its join code)"),
            OptionSpec("--json", help: "one {\"type\":\"board\"} JSON line per board"), RunOptionGroup.web,
        ] + NATSOptionGroup.options,
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            var options = WatchOptions(
                via: try natsURL(arguments, command: "watch"), code: try groupCode(arguments, command: "watch", joining: false),
                json: arguments.flag("--json"))
            options.web = try arguments.listenEndpoint("--web")
            options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "watch")
            return .watch(options)
        })

    static func natsURL(_ arguments: ParsedArguments, command: String) throws(UsageError) -> String {
        guard let text = arguments.string("--via") else { throw UsageError("\(command) needs --via nats://HOST:PORT", command: command) }
        do {
            _ = try NATSURL(parsing: text)
        } catch {
            throw UsageError("--via: \(error)", command: command)
        }
        return text
    }

    /// The code of `--code`: a join code (`W-S`) to join, either code to watch.
    private static func groupCode(_ arguments: ParsedArguments, command: String, joining: Bool) throws(UsageError) -> String {
        guard let text = arguments.string("--code"), let code = GroupCodes(parsing: text) else {
            throw UsageError(
                "\(command) needs --code CODE, as the group's creator printed it (16 letters and digits, then a dash and 12 more to join)",
                command: command)
        }
        if joining, code.secret == nil {
            throw UsageError(
                "\(command) needs the join code (W-S); \(text) is the watch code, which only watches (materun watch)", command: command)
        }
        return text
    }

    static let history = CommandSpec(
        name: "history", positional: nil, summary: "list the kept runs, the week and month totals and the personal bests",
        details: """
        Newest first, a line per run: date, runner, scenario, distance, time, pace, and how it
        ended (or the mate's result). Then the totals per ISO week and per month, and the personal
        bests: the fastest 1 km, 5 km, 10 km, half marathon and marathon found anywhere inside any
        run (by moving time). A run whose process died is kept first, as "interrupted"; a file
        that cannot be read is named on standard error and skipped.
        """,
        options: [
            OptionSpec("--json", help: "one JSON object per run, then one {\"type\":\"bests\"} line"),
            OptionSpec("--since", value: "YYYY-MM-DD", help: "only runs that started on or after this local date"),
            OptionSpec("--limit", value: "N", help: "list at most N runs (totals and bests still count all)"),
            DataOptionGroup.directory,
        ],
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            var options = HistoryOptions(json: arguments.flag("--json"), dataDirectory: DataOptionGroup.read(arguments))
            options.since = try arguments.date("--since")
            options.limit = try arguments.count("--limit", upTo: 1_000_000)
            return .history(options)
        })

    static let show = CommandSpec(
        name: "show", positional: "ID|latest", summary: "show a kept run's result again",
        details: """
        ID is a run's id as history lists it, or its unique start; latest is the newest run; a
        scenario's name shows its newest run. Prints the result screen the run ended with.
        """,
        options: [OptionSpec("--json", help: "print the summary line the run printed with --json"), DataOptionGroup.directory],
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            .show(ShowOptions(
                reference: arguments.positional ?? "", json: arguments.flag("--json"), dataDirectory: DataOptionGroup.read(arguments)))
        })

    static let export = CommandSpec(
        name: "export", positional: "ID|latest|SCENARIO",
        summary: "write a kept run or a scenario's track as GPX, TCX or NMEA, or a kept run as a web page",
        details: """
        A kept run (ID or latest) is written with its heart rate and cadence; GPX writes the track
        the tracker counted (its smoothed fixes), so that other programs measure the run's
        distance, or with --raw the fixes as the receiver gave them; TCX adds a lap per kilometre
        split. A scenario file (.json, .gpx, .tcx, .fit) is written as the sensor track it
        generates, noise and lost signal included, for a location simulator or another tracker.
        NMEA is a GGA and an RMC sentence per fix, a log gpsfake plays into gpsd. HTML is a kept
        run's page as --web shows it live, its route map, result and charts, in one file that
        opens offline.
        """,
        options: [
            OptionSpec(
                "--format", value: "gpx|tcx|nmea|html", required: true,
                help: "GPX 1.1 with Garmin's TrackPointExtension, TCX, NMEA 0183, or a web page"),
            OptionSpec("-o", value: "FILE", help: "write to FILE, replaced atomically (default: standard output)"),
            OptionSpec("--raw", help: "GPX: the fixes as the receiver gave them, not the counted track"),
            DataOptionGroup.directory,
        ],
        refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            guard let formatText = arguments.string("--format") else {
                throw UsageError("export needs --format \(ExportDocumentFormat.wordList())", command: "export")
            }
            guard let format = ExportDocumentFormat(rawValue: formatText) else {
                throw UsageError(
                    "--format must be \(ExportDocumentFormat.wordList(quoted: true)), not '\(formatText)'", command: "export")
            }
            return .export(ExportOptions(
                reference: arguments.positional ?? "", format: format, outputPath: arguments.string("-o"),
                dataDirectory: DataOptionGroup.read(arguments), raw: arguments.flag("--raw")))
        })

    static let delete = CommandSpec(
        name: "delete", positional: "ID", summary: "remove a kept run for good",
        details: """
        ID is the run's id or its unique start, as history lists it; never latest or a scenario's
        name, since a deletion is for good.
        """,
        options: [DataOptionGroup.directory], refusals: [:], notes: nil,
        build: { arguments throws(UsageError) in
            .delete(id: arguments.positional ?? "", dataDirectory: DataOptionGroup.read(arguments))
        })

}
