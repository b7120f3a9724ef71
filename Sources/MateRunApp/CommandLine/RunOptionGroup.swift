/// The options of a run (replay, track, host, join, group create and join), declared once: each
/// run command lists the ones it takes, in its own order, and reads them all with `read`, so an
/// option means the same and says the same in every command. Where the run goes (the screen or
/// JSON, the history, NMEA, a live page) is `OutputOptionGroup`'s.
enum RunOptionGroup {
    static let speed = OptionSpec(
        "--speed", value: "N|max",
        help: "replay N times faster than real time, 0.01-10000 (e.g. 10, 0.5), or",
        "as fast as possible with 'max' (default 1)")
    /// One declaration for every command that takes a goal: a JSON scenario may carry one, a
    /// GPX/TCX/FIT file or gpsd never does, and a mate or group run cannot start without one.
    static let goal = OptionSpec(
        "--goal", value: "KM",
        help: "the goal distance in km, 0.1-1000 (default: the scenario's; a GPX, TCX or",
        "FIT file and gpsd have none, and a pair or group run needs one)")
    static let weight = OptionSpec(
        "--weight", value: "KG",
        help: "the runner's weight in kg, 20-300 (default: the scenario's, or 70", "for a GPX file)")
    static let name = OptionSpec("--name", value: "NAME", help: "the runner's name (default: the scenario's)")
    static let maxHeartRate = OptionSpec(
        "--max-hr", value: "BPM",
        help: "the runner's maximum heart rate, 100-230, for the heart-rate zones",
        "(default: the scenario's, or 190)")
    static let track = OptionSpec(
        "--track", value: "N",
        help: "replay the Nth <trk> or <rte> of a GPX file, <Activity> of a TCX file or",
        "session of a FIT file (default: all as one activity, up to a gap of more than 2 hours)")
    static let pace = OptionSpec(
        "--pace", value: "M:SS",
        help: "replay a GPX, TCX or FIT file at this pace per km: needed for a route or",
        "track without times, and overrides a track's own times")
    static let noCountdown = OptionSpec("--no-countdown", help: "start at once (there is no countdown at --speed max either)")
    static let ghost = OptionSpec(
        "--ghost", value: "ID|latest|best|FILE",
        help: "race an earlier run, shown as a mate at the same moving time: a kept run",
        "(its id, latest, or best: your fastest kept run over the goal's distance)", "or a GPX, TCX or FIT file")

    /// Reads the group, from whichever of its options the command declares.
    static func read(_ arguments: ParsedArguments) throws(UsageError) -> RunOptions {
        var options = RunOptions(scenarioPath: arguments.positional ?? "")
        options.speed = try arguments.speed("--speed") ?? .times(1)
        options.weightKilograms = try arguments.number("--weight", in: 20...300, unit: "kg")
        options.goalKilometres = try arguments.number("--goal", in: 0.1...1000, unit: "km")
        options.name = arguments.string("--name")
        options.countdown = !arguments.flag("--no-countdown")
        options.track = try arguments.count("--track", upTo: 100_000)
        options.paceSecondsPerKilometre = try arguments.pace("--pace")
        options.maxHeartRateBPM = try arguments.number("--max-hr", in: 100...230, unit: "beats per minute")
        options.dataDirectory = DataOptionGroup.read(arguments)
        try OutputOptionGroup.read(arguments, into: &options)
        options.ghost = arguments.string("--ghost")
        return options
    }
}
