import MateRunScenarios
import MateRunDomain

/// `materun replay`: one runner, one scenario, live stats, a summary.
struct ReplayCommand {
    let container: AppContainer
    let options: RunOptions

    /// Runs the replay; returns the exit status (130 when stopped with Ctrl-C or another
    /// trapped signal; `MateRunCLI` makes it that signal's status).
    func run() async throws(CommandFailure) -> Int32 {
        let scenario = try CommandFailure.catching { try container.loadScenario(for: options) }
        let nmea = try CommandFailure.catching { try container.nmeaFeed(options: options) }
        let profile = container.profile(for: scenario, options: options)
        let goal = container.goalMetres(for: scenario, options: options)
        let ghost = try await options.ghost.asyncMap { reference throws(CommandFailure) in
            try await GhostFinder(container: container).ghost(reference, options: options, goalMetres: goal)
        }
        let controls = RunnerControls()
        let screen = try container.screen(options: options, profile: profile, controls: controls)
        defer { screen.restore() }
        var coordinator = RunFlowCoordinator(
            profile: profile, goalMetres: goal, screen: screen, countdownClock: container.wallClock,
            countdownSeconds: container.countdownSeconds(options: options))
        coordinator.ghost = ghost
        coordinator.keeper = container.keeper(
            options: options, scenario: scenario, durability: .replay, profile: profile, goalMetres: goal, screen: screen)
        let summary = await coordinator.run {
            // The run clock is made when the countdown ends, so run time starts at zero then.
            container.runningUseCase(
                scenario: scenario, profile: profile, goalMetres: goal, clock: container.runClock(for: options.speed),
                controls: controls, nmea: nmea)
        }
        nmea?.close()
        return summary.wasCancelled ? ExitStatus.interrupted : ExitStatus.success
    }
}
