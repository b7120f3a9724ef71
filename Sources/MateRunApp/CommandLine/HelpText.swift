import MateRunDomain

/// What `materun --help`, `materun help COMMAND` and a usage error print, generated from
/// `CommandRegistry` so that help tells the truth about every option.
package enum HelpText {
    package static let version = "materun " + MateRunVersion.number

    /// The width of the name column in option and command lists.
    private static let column = 22

    package static func text(for topic: String?) -> String {
        guard let topic, let spec = CommandRegistry.command(named: topic)?.spec else { return overview }
        return commandHelp(spec)
    }

    /// The one-line usage of a command, shown under a usage error.
    package static func usage(for command: String?) -> String {
        guard let command, let spec = CommandRegistry.command(named: command)?.spec else {
            return "usage: materun COMMAND [options]   (materun --help lists the commands)"
        }
        return "usage: " + spec.usage
    }

    /// Every command's usage line and the help line: the README's command block.
    package static var synopsis: String {
        (CommandRegistry.specs.map(\.usage) + ["materun --help | help COMMAND | --version"]).joined(separator: "\n")
    }

    static var overview: String {
        let commands = CommandRegistry.specs.map { spec in
            row(spec.name + (spec.positional.map { " " + $0 } ?? ""), [spec.summary])
        } + [row("help COMMAND", ["show a command's options"])]
        return """
        materun: replay a scripted run in the terminal, alone or with a running mate, or track a
        live one from a GPS receiver through gpsd.

        usage: materun COMMAND [options]

        commands:
        \(commands.joined(separator: "\n"))

        options:
        \(row("-h, --help", ["show this help (or a command's, after the command)"]))
        \(row("-V, --version", ["print the version"]))

        examples:
          materun replay Scenarios/easy-5k.json
          materun replay Scenarios/half-marathon.json --speed max --json
          materun host Scenarios/race-fast-5k.json --mode race
          materun join Scenarios/race-steady-5k.json --connect 127.0.0.1:PORT --code CODE
          materun track --gpsd 127.0.0.1:2947 --goal 5
          materun replay Scenarios/easy-5k.json --nmea-serve 127.0.0.1:10110
          materun history
          materun export latest --format gpx -o run.gpx

        Every run is kept (replay, track, host, join; --no-save skips it) in --data-dir, else
        $MATERUN_DATA_DIR, else $XDG_DATA_HOME/materun, else ~/.local/share/materun.

        Exit status: 0 done, 1 the scenario or the connection failed (or standard output could not
        be written), 2 bad command line, 130 stopped with Ctrl-C, 143 with SIGTERM, 129 with SIGHUP
        (the summary of what was run is printed first).
        """
    }

    private static func commandHelp(_ spec: CommandSpec) -> String {
        var sections = ["materun \(spec.name): \(spec.summary).", "usage: " + spec.usage, spec.details]
        if !spec.options.isEmpty {
            sections.append("options:\n" + spec.options.map { row($0.synopsis, $0.help) }.joined(separator: "\n"))
        }
        if let notes = spec.notes { sections.append(notes) }
        return sections.joined(separator: "\n\n")
    }

    /// `  NAME                 first line`, later lines under the first.
    private static func row(_ name: String, _ lines: [String]) -> String {
        let indent = String(repeating: " ", count: column + 2)
        let head = "  " + name
        let first = head.count < column + 2 ? head + String(repeating: " ", count: column + 2 - head.count) : head + "\n" + indent
        return first + lines.joined(separator: "\n" + indent)
    }
}
