/// Every command of materun, in the order `--help` lists them: the one list the parser, the help
/// and the README's synopsis read.
enum CommandRegistry {
    static let commands: [any DeclaredCommand.Type] = [
        ReplayCommand.self, TrackCommand.self, ValidateCommand.self, ScenariosCommand.self, HostCommand.self, JoinCommand.self,
        GroupCreateCommand.self, GroupJoinCommand.self, GroupResultsCommand.self, WatchCommand.self, ServeCommand.self, HistoryCommand.self, ShowCommand.self,
        ExportCommand.self, DeleteCommand.self, ControlCommand.self, VersionCommand.self, CompletionsCommand.self, ManCommand.self,
    ]

    /// Every command's declaration, in order.
    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The command named `name` (`group create` is two words).
    static func command(named name: String) -> (any DeclaredCommand.Type)? {
        commands.first { $0.spec.name == name }
    }
}
