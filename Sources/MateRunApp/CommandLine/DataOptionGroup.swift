/// `--data-dir`, declared once for every command that reads or writes the history.
enum DataOptionGroup {
    static let directory = OptionSpec(
        "--data-dir", value: "DIR",
        help: "where runs are kept (default: $MATERUN_DATA_DIR, else", "$XDG_DATA_HOME/materun, else ~/.local/share/materun)")

    /// Reads the group: nil for the environment's default.
    static func read(_ arguments: ParsedArguments) -> String? {
        arguments.string(directory.name)
    }
}
