/// What `materun --help` and `materun help COMMAND` print: the truth about every option.
package enum HelpText {
    package static let version = "materun 1.0.0"

    package static func text(for topic: String?) -> String {
        switch topic {
        case "replay": replay
        case "validate": validate
        case "scenarios": scenarios
        case "host": host
        case "join": join
        case "help": overview
        default: overview
        }
    }

    /// The one-line usage of a command, shown under a usage error.
    package static func usage(for command: String?) -> String {
        switch command {
        case "replay": "usage: materun replay SCENARIO [--speed N|max] [--weight KG] [--goal KM] [--name NAME] [--json] [--no-countdown]"
        case "validate": "usage: materun validate FILE"
        case "scenarios": "usage: materun scenarios [--dir DIR]"
        case "host": "usage: materun host SCENARIO --mode race|team [--goal KM] [--port P] [--bind ADDR] [--speed N|max] [--weight KG] [--name NAME] [--json]"
        case "join": "usage: materun join SCENARIO --connect HOST:PORT --code CODE [--weight KG] [--name NAME] [--json]"
        default: "usage: materun COMMAND [options]   (materun --help lists the commands)"
        }
    }

    static let overview = """
    materun: replay a scripted run in the terminal, alone or with a running mate.

    usage: materun COMMAND [options]

    commands:
      replay SCENARIO      replay a scenario (.json or .gpx) with live stats
      validate FILE        check a scenario file and show what it contains
      scenarios            list the bundled scenarios
      host SCENARIO        wait for a running mate and run together (race or team)
      join SCENARIO        pair with a host's run
      help COMMAND         show a command's options

    options:
      -h, --help           show this help (or a command's, after the command)
      -V, --version        print the version

    examples:
      materun replay Scenarios/easy-5k.json
      materun replay Scenarios/half-marathon.json --speed max --json
      materun host Scenarios/race-fast-5k.json --mode race
      materun join Scenarios/race-steady-5k.json --connect 127.0.0.1:PORT --code CODE

    Exit status: 0 done, 1 the scenario or the connection failed, 2 bad command line,
    130 stopped with Ctrl-C (the summary of what was run is printed first).
    """

    static let speedOption = """
      --speed N|max        replay N times faster than real time, 0.01-10000 (e.g. 10, 0.5), or
                           as fast as possible with 'max' (default 1)
    """

    static let runnerOptions = """
      --weight KG          the runner's weight in kg, 20-300 (default: the scenario's, or 70
                           for a GPX file)
      --name NAME          the runner's name (default: the scenario's)
      --json               print newline-delimited JSON events instead of the live screen
    """

    static let runOptions = """
    \(speedOption)
      --goal KM            the goal distance in km (default: the scenario's; none for GPX)
    \(runnerOptions)
      --no-countdown       start at once (there is no countdown at --speed max either)
    """

    static let replay = """
    materun replay: replay a run scenario and watch live stats.

    usage: materun replay SCENARIO [options]

    SCENARIO is a scenario file (.json, see Scenarios/README.md) or a GPX 1.1 track (.gpx).
    On a terminal the stats are redrawn in place; piped, one line a second is printed;
    with --json, one event per line: progress (each run second), split (each km), paused,
    resumed, and a final summary. Ctrl-C stops the run and prints its summary.

    options:
    \(runOptions)
    """

    static let validate = """
    materun validate: check a scenario file and show what it contains.

    usage: materun validate FILE

    Prints the scenario's name, runner, goal, samples and duration, or the first error with
    the file, the place (JSON path or line) and what was expected. Exit status 1 on an error.
    """

    static let scenarios = """
    materun scenarios: list the bundled scenarios, a line each.

    usage: materun scenarios [--dir DIR]

    options:
      --dir DIR            the directory to list (default: Scenarios)
    """

    static let host = """
    materun host: wait for a running mate, then run together.

    usage: materun host SCENARIO --mode race|team [options]

    Prints the address and a pairing code, waits for one mate (materun join), agrees on one
    start, and runs both scenarios side by side. race: the first to the goal wins. team: the
    two distances add up to the goal.

    options:
      --mode race|team     how the pair runs (required)
      --goal KM            the goal in km (default: the scenario's; required for GPX)
      --port P             the port to listen on (default: any free port)
      --bind ADDR          the address to listen on (default: 127.0.0.1, this machine only;
                           0.0.0.0 to accept mates from other machines)
    \(speedOption)
    \(runnerOptions)

    The countdown is always 3 s, agreed with the mate, so both runs start together.
    """

    static let join = """
    materun join: pair with a host's run.

    usage: materun join SCENARIO --connect HOST:PORT --code CODE [options]

    The host decides the mode, the goal and the speed. If the connection drops, join
    reconnects by itself and the run resumes.

    options:
      --connect HOST:PORT  the address the host printed
      --code CODE          the pairing code the host printed
    \(runnerOptions)
    """
}
