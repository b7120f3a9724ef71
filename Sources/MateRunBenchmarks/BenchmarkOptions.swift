import MateRunTestSupport

/// What `MateRunBenchmarks` is asked to measure.
struct BenchmarkOptions {
    var fixes = 1_000_000
    var runs = 5
    var gpx: String?
    /// 1-based rows of the core table to measure (all when nil); for profiling one row.
    var only: Set<Int>?
    /// Skip the core benchmark (to time only `--gpx` or `--history`).
    var core = true
    /// Kept runs for the history benchmark (not run when nil).
    var history: Int?

    static func parse(_ arguments: [String]) -> BenchmarkOptions {
        let commandLine = BenchmarkCommandLine(
            program: "MateRunBenchmarks",
            summary: "The core's throughput beside its baselines, a GPX file replayed and kept, the history over many kept runs; medians of several runs (BENCHMARKS.md (a), (b), (d)).",
            options: [
                .init("--fixes", value: "N", help: "fixes of the generated run the core measures (1000000)"),
                .init("--runs", value: "N", help: "runs of each measurement; the median is reported (5)"),
                .init("--gpx", value: "FILE", help: "also replay and keep FILE in process"),
                .init("--history", value: "N", help: "also list a history of N kept runs"),
                .init("--no-core", help: "skip the core benchmark"),
                .init("--only", value: "ROWS", help: "measure only these rows of the core table, e.g. 4 or 1,4 (for perf record)"),
            ],
            arguments: arguments)
        var options = BenchmarkOptions()
        options.fixes = commandLine.integer("--fixes", default: options.fixes, in: 1...100_000_000)
        options.runs = commandLine.integer("--runs", default: options.runs, in: 1...1_000)
        options.gpx = commandLine.text("--gpx")
        options.core = !commandLine.flag("--no-core")
        options.history = commandLine.text("--history") == nil ? nil : commandLine.integer("--history", default: 1, in: 1...1_000_000)
        options.only = commandLine.text("--only") == nil ? nil : Set(commandLine.integers("--only", default: [], in: 1...4))
        return options
    }
}

func say(_ line: String) { BenchmarkOutput.line(line) }
