import Foundation
import MateRunScenarios
import MateRunDomain
import Testing

/// The run a scenario gives through the real use case, replayed as fast as possible.
func replay(_ scenario: Scenario) async -> RunSummary? {
    let clock = UnpacedRunClock()
    let useCase = DefaultRunningUseCase(
        profile: scenario.runner ?? RunnerProfile(name: "GPX", weightKilograms: 70), goalMetres: scenario.goalMetres,
        locationProvider: RecordedSensor(samples: scenario.locations, clock: clock),
        motionProvider: RecordedSensor(samples: scenario.motions, clock: clock), clock: clock)
    for await event in useCase.events() {
        if case .finished(let summary) = event { return summary }
    }
    return nil
}

@Suite("Bundled scenarios")
struct BundledScenarioTests {
    static let directory = Fixtures.bundledDirectory
    static let files = [
        "easy-5k.json", "intervals-10k.json", "walk-run-beginner.json", "hilly-8k.json", "noisy-city-5k.json",
        "half-marathon.json", "river-run.gpx", "race-fast-5k.json", "race-steady-5k.json", "team-a-4k.json", "team-b-3k.json",
    ]

    @Test(arguments: files)
    func everyBundledScenarioLoads(file: String) throws {
        // When a bundled file loads
        let scenario = try ScenarioLoader.load(path: Self.directory + "/" + file)
        // Then it has fixes and 1 Hz motion in time order, up to its duration
        #expect(!scenario.locations.isEmpty)
        #expect(zip(scenario.locations, scenario.locations.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(scenario.motions.count == Int(scenario.durationSeconds) + 1)
        #expect(scenario.locations.allSatisfy { $0.coordinate.isPlausibleFix })
        #expect(!scenario.name.isEmpty && !scenario.summary.isEmpty)
    }

    @Test func theListingShowsEveryFileWithoutProblems() throws {
        // When the Scenarios directory is listed
        let listing = try BundledScenarios.list(in: Self.directory)
        // Then every bundled file is there, loaded
        #expect(listing.map(\.file) == Self.files.sorted())
        #expect(listing.allSatisfy { $0.problem == nil })
    }

    @Test(arguments: [
        ("easy-5k.json", 5050 + 2 * 60 * 1000 / 660.0), ("half-marathon.json", 21_097.5 + 180 * 1000 / 660.0),
        ("team-a-4k.json", 4500), ("team-b-3k.json", 3500),
    ] as [(String, Double)])
    func scriptedDistancesAreWhatTheFileSays(file: String, metres: Double) throws {
        let scenario = try ScenarioLoader.load(path: Self.directory + "/" + file)
        #expect(abs((scenario.routeMetres ?? 0) - metres) < 0.01)
    }

    @Test(arguments: ["easy-5k.json", "race-fast-5k.json", "race-steady-5k.json", "noisy-city-5k.json", "intervals-10k.json"])
    func goalScenariosReachTheirGoal(file: String) async throws {
        // Given a bundled scenario with a goal
        let scenario = try ScenarioLoader.load(path: Self.directory + "/" + file)
        // When it is run through the use case
        let summary = await replay(scenario)
        // Then the runner reaches the goal
        #expect(summary?.ending == .goalReached, "\(file): \(summary?.snapshot.distanceMetres ?? 0) m")
    }

    @Test func theTeamPairCoversTheTeamGoalTogether() async throws {
        let a = try ScenarioLoader.load(path: Self.directory + "/team-a-4k.json")
        let b = try ScenarioLoader.load(path: Self.directory + "/team-b-3k.json")
        let together = (await replay(a)?.snapshot.distanceMetres ?? 0) + (await replay(b)?.snapshot.distanceMetres ?? 0)
        #expect(a.goalMetres == 7000 && b.goalMetres == 7000)
        #expect(together >= 7000)
    }

    @Test func theHillCostsMoreCaloriesThanTheSameRunOnTheFlat() async throws {
        // Given the hilly scenario and the same fixes without elevation
        let hilly = try ScenarioLoader.load(path: Self.directory + "/hilly-8k.json")
        var flat = hilly
        flat.locations = hilly.locations.map { LocationSample(time: $0.time, coordinate: $0.coordinate, horizontalAccuracy: $0.horizontalAccuracy) }
        // When both are run
        let hillyRun = await replay(hilly)
        let flatRun = await replay(flat)
        // Then the climb shows in calories and elevation gain
        let hillyCalories = hillyRun?.snapshot.caloriesKilocalories ?? 0
        let flatCalories = flatRun?.snapshot.caloriesKilocalories ?? 0
        #expect(hillyCalories > flatCalories * 1.1, "hilly \(hillyCalories) flat \(flatCalories)")
        #expect((hillyRun?.snapshot.elevationGainMetres ?? 0) > 300)
    }

    @Test func theBeginnerRunAutoPausesWhileStandingStill() async throws {
        let scenario = try ScenarioLoader.load(path: Self.directory + "/walk-run-beginner.json")
        let clock = UnpacedRunClock()
        let useCase = DefaultRunningUseCase(
            profile: scenario.runner ?? RunnerProfile(name: "x", weightKilograms: 60), goalMetres: nil,
            locationProvider: RecordedSensor(samples: scenario.locations, clock: clock),
            motionProvider: RecordedSensor(samples: scenario.motions, clock: clock), clock: clock)
        var paused = false
        for await event in useCase.events() {
            if case .paused = event { paused = true }
        }
        #expect(paused)
    }
}

@Suite("Scenario format documentation")
struct ScenarioReadmeTests {
    @Test func theReadmeExampleLoads() throws {
        // Given the JSON example in Scenarios/README.md
        let readme = try String(contentsOfFile: Fixtures.bundledDirectory + "/README.md", encoding: .utf8)
        let example = try #require(readme.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        // When it loads
        let scenario = try Fixtures().load(json: example, name: "example.json")
        // Then it is the documented 5 km-plus run
        #expect(scenario.name == "Lunch 5K")
        #expect((scenario.routeMetres ?? 0) > 5000)
    }
}
