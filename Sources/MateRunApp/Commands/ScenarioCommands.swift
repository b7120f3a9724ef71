import MateRunScenarios
import MateRunDomain
import MateRunPresentation

/// `materun validate` and `materun scenarios`: look at scenario files without running them.
struct ScenarioCommands {
    let container: AppContainer

    func validate(path: String) throws(CommandFailure) -> Int32 {
        let scenario = try CommandFailure.catching { try container.loadScenario(path) }
        for line in ScenarioOverviewView.details(Self.overview(of: scenario, file: path)) {
            container.output.writeLine(line)
        }
        container.output.flush()
        // What the reading skipped (an NMEA log's bad checksums, a track's dropped points), as replay says it.
        for note in scenario.notes { container.errors.writeLine("materun: \(path): \(note)") }
        container.errors.flush()
        return ExitStatus.success
    }

    /// Lists the scenarios of `directory`; exits 1 when one of them is broken (each is named).
    func list(directory: String) throws(CommandFailure) -> Int32 {
        let listings = try CommandFailure.catching { try BundledScenarios.list(in: directory) }
        for listing in listings {
            if let problem = listing.problem {
                container.output.writeLine(ScenarioOverviewView.brokenLine(file: listing.file, problem: problem.description))
            } else {
                container.output.writeLine(ScenarioOverviewView.line(
                    file: listing.file, summary: listing.summary, durationSeconds: listing.durationSeconds,
                    routeMetres: listing.routeMetres))
            }
        }
        container.output.flush()
        return listings.contains { $0.problem != nil } ? ExitStatus.failure : ExitStatus.success
    }

    static func overview(of scenario: Scenario, file: String) -> ScenarioOverview {
        ScenarioOverview(
            file: file, name: scenario.name, summary: scenario.summary, source: scenario.source.rawValue,
            runner: scenario.runner, goalMetres: scenario.goalMetres, locationCount: scenario.locations.count,
            motionCount: scenario.motions.count, durationSeconds: scenario.durationSeconds,
            routeMetres: scenario.routeMetres)
    }
}
