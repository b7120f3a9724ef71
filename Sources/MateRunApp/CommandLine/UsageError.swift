/// A command line that cannot be run: what is wrong, and the command whose usage to show.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The subcommand the error is about, for the usage line; nil for the top level.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
