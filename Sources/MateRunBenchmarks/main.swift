// MateRunBenchmarks: the core's throughput beside its baselines, median of several runs.
//
//   swift run -c release MateRunBenchmarks [--fixes N] [--runs N] [--gpx FILE] [--history N] [--no-core] [--only ROWS]
//
// See BENCHMARKS.md for what each row measures.
import MateRunTestSupport

let options = BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
await BenchmarkOutput.run("MateRunBenchmarks") {
    if options.core {
        try await CoreBenchmark.run(fixes: options.fixes, runs: options.runs, only: options.only)
    }
    if let gpx = options.gpx {
        if options.core { say("") }
        try await GPXBenchmark.run(path: gpx, runs: options.runs)
    }
    if let history = options.history {
        if options.core || options.gpx != nil { say("") }
        try await HistoryBenchmark.run(count: history, runs: options.runs)
    }
}
