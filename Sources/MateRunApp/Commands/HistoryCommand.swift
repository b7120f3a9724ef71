/// `materun history`: the kept runs, the week and month totals, the personal bests.
struct HistoryCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "history", positional: nil, summary: "list the kept runs, the week and month totals and the personal bests",
        details: """
        Newest first, a line per run: date, runner, scenario, distance, time, pace, and how it
        ended (or the mate's result). Then the totals per ISO week and per month, and the personal
        bests: the fastest 1 km, 5 km, 10 km, half marathon and marathon found anywhere inside any
        run (by moving time). A run whose process died is kept first, as "interrupted"; a file
        that cannot be read is named on standard error and skipped.
        """,
        options: [
            OptionSpec("--json", help: "one JSON object per run, then one {\"type\":\"bests\"} line"),
            OptionSpec("--since", value: "YYYY-MM-DD", help: "only runs that started on or after this local date"),
            OptionSpec("--limit", value: "N", help: "list at most N runs (totals and bests still count all)"),
            OptionSpec("--ids", help: "only the runs' ids, one a line, newest first (for scripts and completions)"),
            DataOptionGroup.directory,
        ],
        refusals: [:], notes: nil)

    let options: HistoryOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var options = HistoryOptions(json: arguments.flag("--json"), dataDirectory: DataOptionGroup.read(arguments))
        options.since = try arguments.date("--since")
        options.limit = try arguments.count("--limit", upTo: 1_000_000)
        options.idsOnly = arguments.flag("--ids")
        self.options = options
    }

    var dataDirectory: String? { options.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try RecordCommands(container: container).history(options)
    }
}
