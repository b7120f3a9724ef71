/// A command line that cannot be run: what is wrong, and the command whose usage to show.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package var message: String
    /// The subcommand the error is about, for the usage line; nil for the top level.
    package var command: String?

    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}
