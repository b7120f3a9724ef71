import MateRunDomain
import MateRunGPSD
import MateRunSocket

/// `materun track`: one runner, a live run from a GPS receiver through gpsd, the same screen,
/// keys, events and history as a replay.
struct TrackCommand {
    let container: AppContainer
    let options: TrackOptions

    /// Connects to gpsd, runs to the end, and returns the exit status (1 when gpsd cannot be
    /// reached, 130 when stopped with Ctrl-C).
    func run() async throws(CommandFailure) -> Int32 {
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
        let screen = try container.screen(options: run, profile: profile, controls: controls)
        defer { screen.restore() }
        var coordinator = RunFlowCoordinator(
            profile: profile, goalMetres: goal, screen: screen, countdownClock: container.wallClock,
            countdownSeconds: container.countdownSeconds(options: run))
        coordinator.ghost = ghost
        coordinator.keeper = container.keeper(
            options: run,
            recorded: RecordedScenario(name: "gpsd \(options.gpsd)", path: run.scenarioPath), durability: .live, profile: profile,
            goalMetres: goal, screen: screen)
        let events = client.events(from: first)
        let tell = screen.messageWriter
        let idleEnd = options.idleEndSeconds
        let summary = await coordinator.run {
            // The run clock is made when the countdown ends, so run time starts at zero then.
            let clock = container.runClock(for: .times(1))
            let sensors = GPSDRunSensors(
                events: events, clock: clock, idleEnd: idleEnd, tell: { tell("materun: \($0)") })
            return container.liveUseCase(
                sensors: sensors, profile: profile, goalMetres: goal, clock: clock, controls: controls, nmea: nmea)
        }
        if let dropped = drops.summary { container.report(dropped) }
        return summary.wasCancelled ? ExitStatus.interrupted : ExitStatus.success
    }
}
