import Foundation
import MateRunScenarios
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunRecords
import MateRunGPSD
import MateRunSocket

/// The composition root: builds every part of a run with initializers, from the command line's
/// options and the process's surroundings. No singletons: what differs in tests is passed in.
struct AppContainer {
    let output: OutputSink
    let errors: OutputSink
    /// The environment, for `NO_COLOR`, `TERM` and where runs are kept.
    let environment: [String: String]
    /// Wall time for the countdown and for throttling output.
    let wallClock: any RunClock

    /// Default weight when neither the scenario nor `--weight` gives one (GPX files).
    static let defaultWeightKilograms = 70.0

    func loadScenario(_ path: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(path: path)
    }

    /// The scenario a run command names, read with its GPX options; what the reading dropped or
    /// left out is said on standard error.
    func loadScenario(for options: RunOptions) throws(ScenarioError) -> Scenario {
        let scenario = try ScenarioLoader.load(
            path: options.scenarioPath,
            gpx: GPXReplayOptions(track: options.track, paceSecondsPerKilometre: options.paceSecondsPerKilometre))
        for note in scenario.notes {
            errors.writeLine("materun: \(options.scenarioPath): \(note)")
        }
        errors.flush()
        return scenario
    }

    /// The runner: the options first, then the scenario. A weight that neither gives (a GPX
    /// track) falls back to the default, and the runner is told, since calories depend on it.
    func profile(for scenario: Scenario, options: RunOptions) -> RunnerProfile {
        if options.weightKilograms == nil, scenario.runner == nil {
            errors.writeLine("materun: \(options.scenarioPath) gives no weight; calories use "
                + "\(Int(Self.defaultWeightKilograms)) kg (set --weight KG)")
            errors.flush()
        }
        return RunnerProfile(
            name: options.name ?? scenario.runner?.name ?? "Runner",
            weightKilograms: options.weightKilograms ?? scenario.runner?.weightKilograms ?? Self.defaultWeightKilograms,
            maxHeartRateBPM: options.maxHeartRateBPM ?? scenario.runner?.maxHeartRateBPM)
    }

    func goalMetres(for scenario: Scenario, options: RunOptions) -> Double? {
        options.goalKilometres.map { $0 * 1000 } ?? scenario.goalMetres
    }

    /// The run clock for a replay speed: scaled real time, or unpaced for `max`.
    func runClock(for speed: ReplaySpeed) -> any RunClock {
        switch speed {
        case .max: UnpacedRunClock()
        case .times(let factor): ScaledRunClock(speed: factor)
        }
    }

    /// The run of `scenario`; with `nmea` or `gpsd`, its fixes also go out to their clients as
    /// they are delivered.
    func runningUseCase(
        scenario: Scenario, profile: RunnerProfile, goalMetres: Double?, clock: any RunClock,
        stopSignal: RunStopSignal? = nil, controls: RunnerControls? = nil, nmea: NMEAFeed? = nil, gpsd: GPSDFeed? = nil,
        helm: ReplayHelm? = nil
    ) -> any RunningUseCase {
        let recorded = RecordedSensor(samples: scenario.locations, clock: clock)
        // Steered before it is served: a loss of signal or a jump reaches the NMEA and gpsd clients too.
        let locations: any LocationProvider = helm.map { SteeredLocations(inner: recorded, helm: $0) } ?? recorded
        return DefaultRunningUseCase(
            profile: profile, goalMetres: goalMetres,
            locationProvider: TappedLocations.wrapping(locations, [nmea, gpsd]),
            motionProvider: RecordedSensor(samples: scenario.motions, clock: clock),
            clock: clock, settings: .standard(for: scenario.sport), stopSignal: stopSignal, controls: controls,
            workout: scenario.workout)
    }

    /// A live run from gpsd's `sensors`; with `nmea`, its fixes also go out as NMEA.
    func liveUseCase(
        sensors: GPSDRunSensors, profile: RunnerProfile, goalMetres: Double?, clock: any RunClock,
        controls: RunnerControls, nmea: NMEAFeed?
    ) -> any RunningUseCase {
        DefaultRunningUseCase(
            profile: profile, goalMetres: goalMetres,
            locationProvider: TappedLocations.wrapping(sensors, [nmea]),
            motionProvider: sensors, clock: clock, settings: .standard(for: .running), controls: controls,
            sensorsEnding: .receiverEnded)
    }

    /// The NMEA server `--nmea-serve` asks for, its address told on standard error (with the
    /// port chosen when 0 was asked for); nil without the option. Throws when it cannot listen.
    func nmeaFeed(options: RunOptions) throws(SocketError) -> NMEAFeed? {
        guard let endpoint = options.nmeaServe else { return nil }
        let feed = try NMEAFeed(serving: endpoint, wallTime: { Self.wallTime().unixSeconds })
        report("serving NMEA 0183 on \(feed.endpoint)")
        return feed
    }

    /// A replay's run clock: its speed changes as it is steered (`+`/`-`, `--control`); nil at
    /// `--speed max`, which has no pace to change.
    func steerableClock(for speed: ReplaySpeed) -> SteerableRunClock? {
        guard case .times(let factor) = speed else { return nil }
        return SteerableRunClock(speed: factor, base: ScaledRunClock(speed: 1))
    }

    /// The control server `--control` asks for, its address told on standard error; nil without
    /// the option. Throws when it cannot listen.
    func controlServer(options: RunOptions, helm: ReplayHelm) throws(SocketError) -> ControlServer? {
        guard let endpoint = options.control else { return nil }
        let server = try ControlServer(serving: endpoint, helm: helm)
        report("taking control commands on \(server.localEndpoint)")
        return server
    }

    /// The gpsd-compatible server `--gpsd-serve` asks for, its address told on standard error;
    /// nil without the option. Throws when it cannot listen.
    func gpsdFeed(options: RunOptions) throws(SocketError) -> GPSDFeed? {
        guard let endpoint = options.gpsdServe else { return nil }
        let feed = try GPSDFeed(serving: endpoint, wallTime: { Self.wallTime().unixSeconds })
        report("serving gpsd's JSON protocol on \(feed.endpoint)")
        return feed
    }

    /// The screen for the run; on a live terminal whose standard input is a terminal too, the
    /// runner's keys go to `controls` (`q` only when `allowsStop`: a run alone). With `--web`,
    /// the live page too (its address told at once); `kind` says to the page what run it is
    /// (`solo`, `mate`, `group`); `course`, the route when it is known in advance (a replay), which
    /// the page draws whole; `ghostTitle`, which run the ghost is, in words. Throws when the page
    /// cannot be served there.
    func screen(
        options: RunOptions, profile: RunnerProfile, controls: RunnerControls? = nil, allowsStop: Bool = true,
        kind: String = "solo", course: CourseLine? = nil, ghostTitle: String? = nil, helm: ReplayHelm? = nil
    ) throws(CommandFailure) -> any RunScreen {
        let person = personScreen(options: options, profile: profile, controls: controls, allowsStop: allowsStop, helm: helm)
        guard let endpoint = options.web else { return person }
        let page = try LivePage(endpoint: endpoint)
        person.announce([("type", .string("web")), ("url", .string(page.url))], text: "live page: \(page.url)")
        let hello: [JSONMember] = [
            ("kind", .string(kind)), ("runner", .string(profile.name)),
            ("goal_m", options.goalKilometres.map { .number($0 * 1000, decimals: 1) } ?? .null),
            ("mode", .null), ("mate", .null), ("ghost", (ghostTitle ?? options.ghost).map { .string($0) } ?? .null),
        ]
        return ScreenWithLivePage(
            person: person, page: LivePageScreen(page: page, profile: profile, hello: hello, course: course))
    }

    /// The route a replay will run, for the live page to draw ahead of the runner; nil without
    /// `--web`, or for a track that goes nowhere.
    func course(of scenario: Scenario, options: RunOptions) -> CourseLine? {
        options.web == nil ? nil : CourseLine(track: scenario.locations.map(\.coordinate))
    }

    private func personScreen(
        options: RunOptions, profile: RunnerProfile, controls: RunnerControls?, allowsStop: Bool, helm: ReplayHelm?
    ) -> any RunScreen {
        let paced = options.speed != .max
        let wall = wallClock
        if options.json {
            return JSONEventScreen(sink: output, errors: errors, profile: profile, paced: paced)
        }
        if output.isTerminal, TerminalCapability.drawsInPlace(environment: environment) {
            let colour = environment["NO_COLOR"].map(\.isEmpty) ?? true
            let keys = controls.flatMap { TerminalKeys(controls: $0, allowsStop: allowsStop, helm: helm) }
            let screen = LiveTerminalScreen(
                sink: output, errors: errors, colour: colour, size: { TerminalSize.of(1) }, wallSeconds: { wall.now() },
                paced: paced, keys: keys)
            if keys != nil { screen.announce([], text: TerminalKeys.hint(allowsStop: allowsStop, steers: helm != nil)) }
            return screen
        }
        return PlainLineScreen(sink: output, errors: errors, paced: paced, wallSeconds: { wall.now() })
    }

    // MARK: Records

    /// The kept runs: at `dataDirectory` (`--data-dir`), else where the environment says; nil only
    /// when nothing says where home is.
    func recordStore(dataDirectory: String?) -> (any RunRecordStore)? {
        DataDirectory.resolve(override: dataDirectory, environment: environment).map(FileRunRecordStore.init(directory:))
    }

    /// Keeps the run of `options` as it goes, or nil with `--no-save` (or, told on standard
    /// error, when there is nowhere to keep it). Its messages go through `screen`, which keeps
    /// them clear of a live panel.
    func keeper(
        options: RunOptions, scenario: Scenario, durability: RunDurability, profile: RunnerProfile, goalMetres: Double?,
        screen: any RunScreen, pairing: RecordedPairing? = nil
    ) -> RunKeeper? {
        keeper(
            options: options, recorded: RecordedScenario(name: scenario.name, path: options.scenarioPath),
            ownStart: scenario.startedAt, durability: durability, profile: profile, goalMetres: goalMetres, screen: screen,
            pairing: pairing)
    }

    /// Keeps the run of `options` as `recorded`, as surely as `durability` says (a replay can be
    /// run again; a live run or a race cannot), or nil with `--no-save` (or, told through
    /// `screen`, when there is nowhere to keep it). `ownStart` is the start a replayed file gives
    /// (seconds since 1970), nil for a run without times of its own or a live one.
    func keeper(
        options: RunOptions, recorded: RecordedScenario, ownStart: Double? = nil, durability: RunDurability,
        profile: RunnerProfile, goalMetres: Double?, screen: any RunScreen, pairing: RecordedPairing? = nil
    ) -> RunKeeper? {
        guard options.save else { return nil }
        let writeMessage = screen.messageWriter
        let tell: (String) -> Void = { writeMessage("materun: \($0)") }
        guard let store = recordStore(dataDirectory: options.dataDirectory) else {
            tell("not keeping this run: no data directory (set --data-dir, MATERUN_DATA_DIR or HOME)")
            return nil
        }
        return RunKeeper(
            store: store,
            header: { startedAt, offset, keptAt in
                RunRecordHeader(
                    startedAt: startedAt, utcOffsetSeconds: offset, runner: profile, scenario: recorded, pairing: pairing,
                    goalMetres: goalMetres, keptAt: keptAt)
            },
            start: RunStart(own: ownStart, wallTime: Self.wallTime), durability: durability, report: tell)
    }

    /// Wall time as the calendar knows it (seconds since 1970) and the local offset from UTC.
    @Sendable static func wallTime() -> (unixSeconds: Double, utcOffsetSeconds: Int) {
        let now = Date()
        return (now.timeIntervalSince1970, TimeZone.current.secondsFromGMT(for: now))
    }

    /// Writes `message` on standard error as materun's.
    func report(_ message: String) {
        errors.writeLine("materun: \(message)")
        errors.flush()
    }

    func countdownSeconds(options: RunOptions) -> Int {
        options.countdown && options.speed != .max ? 3 : 0
    }
}
