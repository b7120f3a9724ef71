import MateRunScenarios
import MateRunDomain

/// `materun replay`: one runner, one scenario, live stats, a summary.
struct ReplayCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "replay", positional: "SCENARIO", summary: "replay a scenario (.json, .gpx, .tcx, .fit or an NMEA log) with live stats",
        details: """
        SCENARIO is a scenario file (.json, see Scenarios/README.md), a GPX 1.1 track (.gpx), a
        Garmin TCX file (.tcx) or a FIT activity file (.fit), as devices and apps write them, or
        an NMEA 0183 log (.nmea, or a .log or .txt holding sentences): GGA, RMC, GLL, VTG, GSA
        and ZDA from any talker, dated by RMC or ZDA; sentences with a bad checksum are skipped
        and counted, and a receiver clock that steps back is carried on as track does.
        On a terminal the stats are redrawn in place; piped, one line a second is printed;
        with --json, one event per line: progress (each run second), split (each km), lap,
        paused and resumed (by auto or runner), gps_lost, gps_found, and a final summary.
        A GPX file's segments (a TCX file's Tracks, a FIT file's timer stops) are the watch's
        pauses; points without a position, or whose time goes back or is absurd, are dropped,
        with a note on standard error. On a terminal, keys: space pauses and
        resumes, l marks a lap, + and - double and halve the playback speed (1x to 10000x), g
        starts and ends a loss of signal, j makes the next fix jump 300 m (each a control event
        with --json), q stops and keeps the run (exit 0). --control takes the same from a
        script, a JSON object a line (PROTOCOL.md, section 13; materun control sends one). Ctrl-C cancels the run and
        prints its summary (exit 130; SIGTERM 143, SIGHUP 129). The run is kept in the history
        without syncing it to the disk: a replay can be run again, and a power cut may lose it.
        """,
        options: [
            RunOptionGroup.speed, RunOptionGroup.goal, RunOptionGroup.weight, RunOptionGroup.name,
            RunOptionGroup.maxHeartRate, OutputOptionGroup.json, RunOptionGroup.track, RunOptionGroup.pace,
            RunOptionGroup.noCountdown, OutputOptionGroup.noSave, DataOptionGroup.directory, OutputOptionGroup.nmeaServe,
            OutputOptionGroup.gpsdServe, OutputOptionGroup.control, RunOptionGroup.ghost, OutputOptionGroup.web,
        ],
        refusals: [:], notes: nil)

    static var writesHistory: Bool { true }
    static var isInterruptible: Bool { true }

    let options: RunOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try RunOptionGroup.read(arguments)
    }

    var dataDirectory: String? { options.dataDirectory }

    /// Runs the replay; returns the exit status (130 when stopped with Ctrl-C or another
    /// trapped signal; `MateRunCLI` makes it that signal's status).
    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let scenario = try CommandFailure.catching { try container.loadScenario(for: options) }
        let nmea = try CommandFailure.catching { try container.nmeaFeed(options: options) }
        let gpsd = try CommandFailure.catching { try container.gpsdFeed(options: options) }
        let profile = container.profile(for: scenario, options: options)
        let goal = container.goalMetres(for: scenario, options: options)
        let ghost = try await options.ghost.asyncMap { reference throws(CommandFailure) in
            try await GhostFinder(container: container).ghost(reference, options: options, goalMetres: goal)
        }
        let controls = RunnerControls()
        let output = container.output
        var events: (@Sendable (String) -> Void)?
        if options.json { events = { line in output.writeLine(line) } }
        let helm = ReplayHelm(speed: options.speed.factor, controls: controls, events: events)
        let control = try CommandFailure.catching { try container.controlServer(options: options, helm: helm) }
        defer { control?.close() }
        let screen = try container.screen(
            options: options, profile: profile, controls: controls, course: container.course(of: scenario, options: options),
            ghostTitle: ghost?.title, helm: helm)
        defer { screen.restore() }
        let engine = RunEngine(
            profile: profile, screen: screen, wallClock: container.wallClock,
            keeper: container.keeper(
                options: options, scenario: scenario, durability: .replay, profile: profile, goalMetres: goal, screen: screen)
        ) { goal, _ in
            // The run clock is made when the countdown ends, so run time starts at zero then.
            // Only a paced replay is steered: one at `--speed max` is over before a key is read,
            // and its sensors, left unwrapped, are read directly rather than streamed.
            guard let steerable = container.steerableClock(for: options.speed) else {
                return container.runningUseCase(
                    scenario: scenario, profile: profile, goalMetres: goal, clock: container.runClock(for: options.speed),
                    controls: controls, nmea: nmea, gpsd: gpsd)
            }
            helm.attach(steerable)
            return container.runningUseCase(
                scenario: scenario, profile: profile, goalMetres: goal, clock: steerable,
                controls: controls, nmea: nmea, gpsd: gpsd, helm: helm)
        }
        let summary = await engine.run(SoloCompanion(
            profile: profile, goalMetres: goal, countdownSeconds: Double(container.countdownSeconds(options: options)), ghost: ghost?.run))
        nmea?.close()
        gpsd?.close()
        return summary.wasCancelled ? ExitStatus.interrupted : ExitStatus.success
    }
}
