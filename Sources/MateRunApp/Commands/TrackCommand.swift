import MateRunDomain
import MateRunGPSD
import MateRunSocket

/// `materun track`: one runner, a live run from a GPS receiver through gpsd, the same screen,
/// keys, events and history as a replay.
struct TrackCommand: DeclaredCommand {
    static let spec = CommandSpec(
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
            OutputOptionGroup.json, OptionSpec("--no-countdown", help: "start at once, without the 3 s countdown"),
            OutputOptionGroup.noSave, DataOptionGroup.directory,
            OutputOptionGroup.nmeaServe, RunOptionGroup.ghost, OutputOptionGroup.web,
        ],
        refusals: [
            "--speed": "track follows the receiver in real time; drop --speed",
            "--track": "--track chooses a track of a GPX file; track reads gpsd",
            "--pace": "--pace sets a GPX file's pace; track reads gpsd",
        ],
        notes: "gpsd must be running, e.g. gpsd -N -n /dev/ttyACM0, or gpsfake -P 2947 LOG for a log.")

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: TrackOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var options = TrackOptions(run: try RunOptionGroup.read(arguments))
        if let endpoint = try arguments.endpoint("--gpsd") { options.gpsd = endpoint }
        options.idleEndSeconds = try arguments.number("--idle-end", in: 1...86_400, unit: "seconds")
        options.retrySeconds = try arguments.number("--gpsd-retry", in: 0...86_400, unit: "seconds") ?? 30
        self.options = options
    }

    var dataDirectory: String? { options.run.dataDirectory }

    /// Connects to gpsd, runs to the end, and returns the exit status (1 when gpsd cannot be
    /// reached, 130 when stopped with Ctrl-C).
    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let run = options.run
        let nmea = try CommandFailure.catching { try container.nmeaFeed(options: run) }
        defer { nmea?.close() }
        let drops = GPSDDropCounter()
        let client = GPSDClient(endpoint: options.gpsd, retryFor: .seconds(options.retrySeconds), drops: drops)
        let first: TCPConnection
        do {
            first = try await client.connect()
        } catch {
            if Task.isCancelled { return ExitStatus.interrupted }
            throw CommandFailure("cannot reach gpsd at \(options.gpsd): \(error) (is gpsd running? --gpsd HOST:PORT)")
        }
        container.report("connected to gpsd at \(options.gpsd)")
        if run.weightKilograms == nil {
            container.report("calories use \(Int(AppContainer.defaultWeightKilograms)) kg (set --weight KG)")
        }
        let profile = RunnerProfile(
            name: run.name ?? "Runner", weightKilograms: run.weightKilograms ?? AppContainer.defaultWeightKilograms,
            maxHeartRateBPM: run.maxHeartRateBPM)
        let goal = run.goalKilometres.map { $0 * 1000 }
        let ghost = try await run.ghost.asyncMap { reference throws(CommandFailure) in
            try await GhostFinder(container: container).ghost(reference, options: run, goalMetres: goal)
        }
        let controls = RunnerControls()
        let screen = try container.screen(options: run, profile: profile, controls: controls, ghostTitle: ghost?.title)
        defer { screen.restore() }
        let keeper = container.keeper(
            options: run,
            recorded: RecordedScenario(name: "gpsd \(options.gpsd)", path: "gpsd://\(options.gpsd)"), durability: .live, profile: profile,
            goalMetres: goal, screen: screen)
        let events = client.events(from: first)
        let tell = screen.messageWriter
        let idleEnd = options.idleEndSeconds
        let engine = RunEngine(profile: profile, screen: screen, wallClock: container.wallClock, keeper: keeper) { goal, _ in
            // The run clock is made when the countdown ends, so run time starts at zero then.
            let clock = container.runClock(for: .times(1))
            let sensors = GPSDRunSensors(
                events: events, clock: clock, idleEnd: idleEnd, tell: { tell("materun: \($0)") })
            return container.liveUseCase(
                sensors: sensors, profile: profile, goalMetres: goal, clock: clock, controls: controls, nmea: nmea)
        }
        let summary = await engine.run(SoloCompanion(
            profile: profile, goalMetres: goal, countdownSeconds: Double(container.countdownSeconds(options: run)), ghost: ghost?.run))
        if let dropped = drops.summary { container.report(dropped) }
        return summary.wasCancelled ? ExitStatus.interrupted : ExitStatus.success
    }
}
