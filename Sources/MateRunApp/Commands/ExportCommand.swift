/// `materun export`: a kept run or a scenario's track as GPX, TCX, NMEA or FIT, or a kept run's page.
struct ExportCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "export", positional: "ID|latest|SCENARIO",
        summary: "write a kept run or a scenario's track as GPX, TCX, NMEA or FIT, or a kept run as a web page",
        details: """
        A kept run (ID or latest) is written with its heart rate and cadence; GPX writes the track
        the tracker counted (its smoothed fixes), so that other programs measure the run's
        distance, or with --raw the fixes as the receiver gave them; TCX adds a lap per kilometre
        split. A scenario file (.json, .gpx, .tcx, .fit) is written as the sensor track it
        generates, noise and lost signal included, for a location simulator or another tracker.
        NMEA is a GGA and an RMC sentence per fix, a log gpsfake plays into gpsd. FIT is an
        activity file (records, laps as TCX's, the session's totals) for Garmin Connect or Strava;
        it is binary, so it goes to -o FILE or a pipe, not a terminal. HTML is a kept
        run's page as --web shows it live, its route map, result and charts, in one file that
        opens offline.
        """,
        options: [
            OptionSpec(
                "--format", value: "gpx|tcx|nmea|fit|html", required: true,
                help: "GPX 1.1 with Garmin's TrackPointExtension, TCX, NMEA 0183, FIT, or a web page"),
            OptionSpec("-o", value: "FILE", help: "write to FILE, replaced atomically (default: standard output)"),
            OptionSpec("--raw", help: "GPX: the fixes as the receiver gave them, not the counted track"),
            DataOptionGroup.directory,
        ],
        refusals: [:], notes: nil)

    let options: ExportOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let formatText = arguments.string("--format") else {
            throw UsageError("export needs --format \(ExportDocumentFormat.wordList())", command: "export")
        }
        guard let format = ExportDocumentFormat(rawValue: formatText) else {
            throw UsageError(
                "--format must be \(ExportDocumentFormat.wordList(quoted: true)), not '\(formatText)'", command: "export")
        }
        options = ExportOptions(
            reference: arguments.positional ?? "", format: format, outputPath: arguments.string("-o"),
            dataDirectory: DataOptionGroup.read(arguments), raw: arguments.flag("--raw"))
    }

    var dataDirectory: String? { options.dataDirectory }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try RecordCommands(container: container).export(options)
    }
}
