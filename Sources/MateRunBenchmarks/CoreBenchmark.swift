import Foundation
import MateRunTestSupport

/// (a) The core on a generated run: baselines and the use case with the view model, each run
/// measuring every row in turn, so that each figure sits beside baselines from the same run.
enum CoreBenchmark {
    static func run(fixes: Int, runs: Int, only: Set<Int>?) async throws {
        let generation = await timed { GeneratedRun(fixes: fixes) }
        let run = generation.1
        say("materun core benchmark: \(Table.grouped(Double(run.locations.count))) fixes + "
            + "\(Table.grouped(Double(run.motions.count))) motion samples (1 Hz, seeded), "
            + "generated in \(Table.fixed(Measurement.seconds(generation.0), 2)) s; "
            + "\(runs) runs, median shown")

        var rows = [
            Measurement(role: "baseline", label: "delivery: recorded samples in time order, no work"),
            Measurement(role: "baseline", label: "RunSession alone (synchronous core)"),
            Measurement(role: "reference", label: "RunSession + RunningViewModel (synchronous)"),
            Measurement(role: "core", label: "DefaultRunningUseCase + RunningViewModel"),
        ]
        let workloads: [@Sendable (GeneratedRun) async -> Outcome] = [
            CoreWorkloads.delivery, CoreWorkloads.session, CoreWorkloads.sessionAndViewModel, CoreWorkloads.core,
        ]
        var outcomes = [Outcome?](repeating: nil, count: rows.count)
        var consistent = true
        for index in 1...runs {
            var line = "  run \(index):"
            for (row, workload) in workloads.enumerated() where only?.contains(row + 1) ?? true {
                let (duration, outcome) = await timed { await workload(run) }
                rows[row].durations.append(duration)
                if let earlier = outcomes[row], earlier != outcome {
                    say("  warning: \(rows[row].label) gave a different result on run \(index)")
                    consistent = false
                }
                outcomes[row] = outcome
                line += " " + Table.fixed(Measurement.seconds(duration) * 1000, 0) + " ms"
            }
            say(line)
        }

        let fixCount = Double(run.locations.count)
        let readingCount = Double(run.readings)
        let table = Table.render(
            header: ["role", "what", "median ms", "min ms", "max ms", "fixes/s", "readings/s", "ns/fix"],
            rows: rows.map { row in
                [row.role, row.label, Table.fixed(row.median * 1000, 1), Table.fixed(row.minimum * 1000, 1),
                 Table.fixed(row.maximum * 1000, 1), Table.grouped(fixCount / row.median),
                 Table.grouped(readingCount / row.median), Table.fixed(row.median / fixCount * 1e9, 1)]
            })
        say("")
        say(table)
        say("")
        guard only == nil else { return }
        let core = rows[3].median
        say("core: \(Table.grouped(fixCount / core)) samples (fixes)/s = \(Table.fixed(core / fixCount * 1e9, 1)) ns per fix "
            + "(each fix comes with its 1 Hz motion sample; readings = fixes + motion samples)")
        say("core over delivery alone: \(Table.fixed(core / rows[0].median, 2))x; "
            + "core over RunSession + view model: \(Table.fixed(core / rows[2].median, 2))x")
        let events = outcomes[3]?.count ?? 0
        say("events published by the use case per run: \(Table.grouped(Double(events)))")

        // The same run must give the same distance whichever way it is driven.
        let distances = outcomes.dropFirst().map { $0?.distanceMetres ?? .nan }
        let agree = distances.allSatisfy { $0 == distances[0] }
        say("check: distance \(Table.fixed(distances[0] / 1000, 3)) km, elapsed \(Table.grouped(outcomes[3]?.elapsedSeconds ?? .nan)) s, "
            + "view model shows \(outcomes[3]?.shown ?? "-"); every row but delivery agrees: \(agree ? "yes" : "NO")")
        guard agree, consistent else { throw BenchmarkFailure("the workloads disagree on the same run's result (see the check and warnings above)") }
    }
}
