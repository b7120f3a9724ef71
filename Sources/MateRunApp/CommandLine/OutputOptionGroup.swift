/// Where a run goes besides the screen, declared once for every run command: JSON events instead
/// of the screen, the history (or not), NMEA 0183 to TCP clients, a live web page. `watch` takes
/// `--web` too.
enum OutputOptionGroup {
    static let json = OptionSpec("--json", help: "print newline-delimited JSON events instead of the live screen")
    static let noSave = OptionSpec("--no-save", help: "do not keep this run in the history")
    static let nmeaServe = OptionSpec(
        "--nmea-serve", value: "IP:PORT",
        help: "serve the run's fixes as NMEA 0183 (GGA and RMC per fix) to TCP clients",
        "on IP:PORT (port 0: any free port, printed), e.g. for gpsd -N -n tcp://IP:PORT")
    static let gpsdServe = OptionSpec(
        "--gpsd-serve", value: "[ADDR:]PORT",
        help: "speak gpsd's JSON protocol to clients (gpspipe, cgps, libgps, Python's gps) on",
        "ADDR:PORT (127.0.0.1 unless ADDR is given; port 0: any free port, printed)")
    static let control = OptionSpec(
        "--control", value: "[ADDR:]PORT",
        help: "take steering commands (speed, pause, resume, signal_lost, signal_found, jump_m,",
        "stop), a JSON object a line, on ADDR:PORT (127.0.0.1 unless ADDR is given): PROTOCOL.md 13")
    static let web = OptionSpec(
        "--web", value: "ADDR:PORT",
        help: "serve a live page of the run at http://ADDR:PORT/ (port 0: any free port,", "printed) for anyone to open in a browser")

    /// Reads the group into the run's options, from whichever of its options the command declares.
    static func read(_ arguments: ParsedArguments, into options: inout RunOptions) throws(UsageError) {
        options.json = arguments.flag(json.name)
        options.save = !arguments.flag(noSave.name)
        options.nmeaServe = try arguments.listenEndpoint(nmeaServe.name)
        options.gpsdServe = try arguments.listenEndpoint(gpsdServe.name, loopbackUnlessGiven: true)
        options.control = try arguments.listenEndpoint(control.name, loopbackUnlessGiven: true)
        options.web = try arguments.listenEndpoint(web.name)
    }
}
