import Foundation
import MateRunTestSupport
import MateRunDomain
import MateRunPresentation
import MateRunRecords

/// How long `history` takes over a large store, and how much disk an hour of running costs.
///
/// One hour-long run is kept through the real store (journal, fsyncs, sealing) and measured on
/// disk; its summary is then copied to `count` run directories with other ids and start times (the
/// listing reads only `run.json`). Each timed pass does what `materun history` does: looks for
/// interrupted runs, lists the store, computes the weekly and monthly totals and the all-time
/// bests, and draws the screen (only writing it out and starting the process are left out).
enum HistoryBenchmark {
    static func run(count: Int, runs: Int) async throws {
        let directory = try ChildProcesses.temporaryDirectory("materun-history-bench")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileRunRecordStore(directory: directory)
        say("materun history benchmark: \(count) kept runs in \(directory)")
        let hour = try keepAnHour(in: store)
        let bytes = directoryBytes("\(store.runsDirectory)/\(hour.id.rawValue)")
        say("  disk per hour of running (a fix a second, with elevation, heart rate, cadence): \(Table.grouped(Double(bytes))) bytes")
        try copy(hour, count: count - 1, into: store)
        var measurement = Measurement(role: "history", label: "recover + list \(count) runs + totals + bests + screen")
        for index in 1...runs {
            let (duration, shown) = await timed { () -> String in
                let recovered = store.recoverInterrupted()
                let listing = store.list()
                let history = RunHistory(listing.runs)
                let screen = HistoryView.lines(history)
                return "\(listing.runs.count) runs, \(history.totals.weeks.count) weeks, \(history.totals.months.count) months, "
                    + "\(history.bests.efforts.count) bests, \(listing.problems.count + recovered.problems.count) problems, "
                    + "\(screen.count) lines"
            }
            measurement.durations.append(duration)
            say("  pass \(index): \(Table.fixed(Measurement.seconds(duration) * 1000, 0)) ms (\(shown))")
        }
        say("  median of \(runs): \(Table.fixed(measurement.median * 1000, 0)) ms")
    }

    /// One hour at about 5:00/km, a fix a second and a split a kilometre, kept the way the run
    /// flow keeps a run.
    private static func keepAnHour(in store: FileRunRecordStore) throws -> RunRecordSummary {
        let header = RunRecordHeader(
            startedAt: 1_795_420_800, runner: RunnerProfile(name: "Bench", weightKilograms: 70),
            scenario: RecordedScenario(name: "bench hour", path: "Scenarios/bench.json"), goalMetres: 12_000
        )
        let recording = try store.begin(header)
        var snapshot = RunSnapshot()
        var splits: [Split] = []
        for second in 0...3600 {
            let metres = Double(second) * (3.3 + 0.2 * sin(Double(second) / 300))
            let fix = RecordedFix(
                time: Double(second), coordinate: Coordinate(latitude: 47.3 + metres / 111_000, longitude: 8.5 + sin(metres / 500) / 1000),
                elevation: 410 + 5 * sin(metres / 700), heartRate: 150 + Double(second % 13), cadence: 172,
                distanceMetres: metres, movingSeconds: Double(second)
            )
            snapshot = RunSnapshot(
                elapsedSeconds: fix.time, movingSeconds: fix.movingSeconds, distanceMetres: metres,
                caloriesKilocalories: metres / 1000 * 70, elevationGainMetres: metres / 200
            )
            try recording.record([KeptFix(fix, at: snapshot)])
            if Int(metres / 1000) > splits.count {
                let split = Split(
                    index: splits.count + 1, distanceMetres: 1000, movingSeconds: fix.time - (splits.last?.endElapsedSeconds ?? 0),
                    endElapsedSeconds: fix.time, elevationGainMetres: 4)
                splits.append(split)
                try recording.record(split: split)
            }
        }
        return try recording.finish(RunRecordOutcome(figures: RunFigures(snapshot), splits: splits, ending: .sensorsEnded))
    }

    /// `count` more runs, one every 7 hours back in time, each a directory with its `run.json`.
    private static func copy(_ summary: RunRecordSummary, count: Int, into store: FileRunRecordStore) throws {
        for index in 0..<count {
            var copy = summary
            copy.header.startedAt -= Double(index + 1) * 7 * 3600
            copy.id = RunRecordID("\(summary.id.rawValue)-\(index)")
            let path = "\(store.runsDirectory)/\(copy.id.rawValue)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(RunRecordJSON.runFile(copy, fixCount: 3601).utf8).write(to: URL(fileURLWithPath: "\(path)/run.json"))
        }
    }

    private static func directoryBytes(_ path: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: "\(path)/\(name)")
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }
}
