import MateRunScenarios
import MateRunDomain

/// `materun replay`: one runner, one scenario, live stats, a summary.
struct ReplayCommand {
    let container: AppContainer
    let options: RunOptions

    /// Runs the replay; returns the exit status (130 when stopped with Ctrl-C or another
    /// trapped signal; `MateRunCLI` makes it that signal's status).
    func run() async -> Int32 {
        let scenario: Scenario
        let nmea: NMEAFeed?
        do {
            scenario = try container.loadScenario(for: options)
            nmea = try container.nmeaFeed(options: options)
        } catch {
            container.errors.writeLine("materun: \(error)")
            container.errors.flush()
            return ExitStatus.failure
        }
        let profile = container.profile(for: scenario, options: options)
        let goal = container.goalMetres(for: scenario, options: options)
        let controls = RunnerControls()
        let screen = container.screen(options: options, profile: profile, controls: controls)
        var coordinator = RunFlowCoordinator(
            profile: profile, goalMetres: goal, screen: screen, countdownClock: container.wallClock,
            countdownSeconds: container.countdownSeconds(options: options))
        coordinator.keeper = container.keeper(
            options: options, scenario: scenario, profile: profile, goalMetres: goal, screen: screen)
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

/// The process's exit statuses, as `--help` documents them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    /// Ctrl-C: a run cancelled by the runner. `MateRunCLI` turns it into the status of the signal
    /// that cancelled it (`interrupted(by:)`).
    static let interrupted: Int32 = 130

    /// What a shell reports for a process ended by signal `number`: 128 + the number.
    static func interrupted(by number: Int32) -> Int32 {
        128 + number
    }
}
