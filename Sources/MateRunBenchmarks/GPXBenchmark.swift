import Foundation
import MateRunScenarios
import MateRunDomain

/// Where the time of a GPX replay goes, in process: reading the file (baseline), loading it into a
/// scenario (GPX scan + 1 Hz motion inference), and running the loaded scenario through the use
/// case and the view model (as `--speed max` does, without any screen).
enum GPXBenchmark {
    static func run(path: String, runs: Int) async {
        var rows = [
            Measurement(role: "baseline", label: "read the file (FileManager.contents)"),
            Measurement(role: "load", label: "ScenarioLoader.load (read + GPX scan + motion)"),
            Measurement(role: "run", label: "use case + view model on the loaded scenario"),
        ]
        var points = 0
        var readings = 0
        print("materun GPX benchmark (in process): \(path)")
        for index in 1...runs {
            let (read, bytes) = await timed { FileManager.default.contents(atPath: path)?.count ?? 0 }
            rows[0].durations.append(read)
            let (load, loaded) = await timed { () -> Scenario? in try? ScenarioLoader.load(path: path) }
            guard let scenario = loaded else {
                print("  cannot load \(path)")
                return
            }
            rows[1].durations.append(load)
            points = scenario.locations.count
            readings = points + scenario.motions.count
            let profile = RunnerProfile(name: "Bench", weightKilograms: 70)
            let (replay, outcome) = await timed { await replayScenario(scenario, profile: profile) }
            rows[2].durations.append(replay)
            print("  run \(index): read \(Table.fixed(Measurement.seconds(read) * 1000, 0)) ms (\(Table.grouped(Double(bytes))) bytes), "
                + "load \(Table.fixed(Measurement.seconds(load) * 1000, 0)) ms, "
                + "run \(Table.fixed(Measurement.seconds(replay) * 1000, 0)) ms, \(outcome.shown)")
        }
        let table = Table.render(
            header: ["role", "what", "median ms", "min ms", "max ms", "points/s", "ns/point"],
            rows: rows.map { row in
                [row.role, row.label, Table.fixed(row.median * 1000, 1), Table.fixed(row.minimum * 1000, 1),
                 Table.fixed(row.maximum * 1000, 1), Table.grouped(Double(points) / row.median),
                 Table.fixed(row.median / Double(points) * 1e9, 1)]
            })
        print("")
        print(table)
        print("points: \(Table.grouped(Double(points))); readings (points + 1 Hz motion): \(Table.grouped(Double(readings)))")
    }

    private static func replayScenario(_ scenario: Scenario, profile: RunnerProfile) async -> Outcome {
        let clock = UnpacedRunClock()
        let useCase = DefaultRunningUseCase(
            profile: profile, goalMetres: nil,
            locationProvider: RecordedSensor(samples: scenario.locations, clock: clock),
            motionProvider: RecordedSensor(samples: scenario.motions, clock: clock),
            clock: clock)
        return await CoreWorkloads.consume(useCase, profile: profile)
    }
}
