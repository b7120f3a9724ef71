import Foundation
import MateRunTestSupport
import MateRunDomain
import MateRunRecords
import MateRunScenarios

/// Where the time of a GPX replay goes, in process: reading the file (baseline), loading it into a
/// scenario (GPX scan + 1 Hz motion inference), running the loaded scenario through the use
/// case and the view model (as `--speed max` does, without any screen), and spelling out the
/// journal line a kept run writes for each point (on the journal's thread, beside the run).
enum GPXBenchmark {
    static func run(path: String, runs: Int) async throws {
        var rows = [
            Measurement(role: "baseline", label: "read the file (FileManager.contents)"),
            Measurement(role: "load", label: "ScenarioLoader.load (read + GPX scan + motion)"),
            Measurement(role: "run", label: "use case + view model on the loaded scenario"),
            Measurement(role: "keep", label: "journal lines of every point (JournalEntry.write)"),
            Measurement(role: "keep", label: "personal bests over every point (BestEffortSearch)"),
        ]
        var points = 0
        var readings = 0
        say("materun GPX benchmark (in process): \(path)")
        for index in 1...runs {
            let (read, bytes) = await timed { FileManager.default.contents(atPath: path)?.count ?? 0 }
            rows[0].durations.append(read)
            let (load, loaded) = await timed { () -> Scenario? in try? ScenarioLoader.load(path: path) }
            guard let scenario = loaded else { throw BenchmarkFailure("cannot load \(path) as a scenario") }
            rows[1].durations.append(load)
            points = scenario.locations.count
            readings = points + scenario.motions.count
            let profile = RunnerProfile(name: "Bench", weightKilograms: 70)
            let (replay, outcome) = await timed { await replayScenario(scenario, profile: profile) }
            rows[2].durations.append(replay)
            let entries = journalEntries(scenario)
            let (journal, journalBytes) = await timed { spell(entries) }
            rows[3].durations.append(journal)
            let (bests, found) = await timed { () -> Int in
                var search = BestEffortSearch()
                for case .fixes(let fixes) in entries {
                    for kept in fixes { search.add(distance: kept.fix.distanceMetres, moving: kept.fix.movingSeconds) }
                }
                return search.bests().efforts.count
            }
            rows[4].durations.append(bests)
            say("  run \(index): read \(Table.fixed(Measurement.seconds(read) * 1000, 0)) ms (\(Table.grouped(Double(bytes))) bytes), "
                + "load \(Table.fixed(Measurement.seconds(load) * 1000, 0)) ms, "
                + "run \(Table.fixed(Measurement.seconds(replay) * 1000, 0)) ms, \(outcome.shown), "
                + "journal \(Table.fixed(Measurement.seconds(journal) * 1000, 0)) ms (\(Table.grouped(Double(journalBytes))) bytes), "
                + "bests \(Table.fixed(Measurement.seconds(bests) * 1000, 0)) ms (\(found) distances)")
        }
        let table = Table.render(
            header: ["role", "what", "median ms", "min ms", "max ms", "points/s", "ns/point"],
            rows: rows.map { row in
                [row.role, row.label, Table.fixed(row.median * 1000, 1), Table.fixed(row.minimum * 1000, 1),
                 Table.fixed(row.maximum * 1000, 1), Table.grouped(Double(points) / row.median),
                 Table.fixed(row.median / Double(points) * 1e9, 1)]
            })
        say("")
        say(table)
        say("points: \(Table.grouped(Double(points))); readings (points + 1 Hz motion): \(Table.grouped(Double(readings)))")
    }

    /// A kept fix for each point, with figures of the digits a run's have: a running distance,
    /// moving time, calories and climb, each a sum of measured steps (17 significant digits);
    /// handed over 256 at a time, as a replay at full speed hands its journal its fixes.
    private static func journalEntries(_ scenario: Scenario) -> [JournalEntry] {
        var distance = 0.0, moving = 0.0, gain = 0.0
        var previous: LocationSample?
        let fixes = scenario.locations.map { sample in
            if let previous {
                distance += Geodesic.distance(from: previous.coordinate, to: sample.coordinate)
                moving += (sample.time - previous.time) * 0.97
                gain += max(0, (sample.elevation ?? 0) - (previous.elevation ?? 0))
            }
            previous = sample
            let fix = RecordedFix(
                time: sample.time, coordinate: sample.coordinate, elevation: sample.elevation, heartRate: 151,
                cadence: 172, activity: .running, distanceMetres: distance, movingSeconds: moving)
            return KeptFix(fix, elapsedSeconds: sample.time, caloriesKilocalories: distance * 0.0713, elevationGainMetres: gain)
        }
        return stride(from: 0, to: fixes.count, by: 256).map { .fixes(Array(fixes[$0..<min($0 + 256, fixes.count)])) }
    }

    /// Spells `entries` out as the journal's writer does, a block of 4,096 lines (16 entries of
    /// 256) at a time; returns the bytes written.
    private static func spell(_ entries: [JournalEntry]) -> Int {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096 * 200)
        var total = 0
        for start in stride(from: 0, to: entries.count, by: 16) {
            bytes.removeAll(keepingCapacity: true)
            for entry in entries[start..<min(start + 16, entries.count)] { entry.write(to: &bytes) }
            total += bytes.count
        }
        return total
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
