/// Why a command could not do its work, and the exit status that says so: every command throws
/// it, and `MateRunCLI` alone prints it (`materun: ...`, then the usage when it is one) and exits
/// with its status.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let status: Int32
    /// The usage lines that follow the message, for a usage error.
    let usage: String?

    init(_ message: String, status: Int32 = ExitStatus.failure, usage: String? = nil) {
        self.message = message
        self.status = status
        self.usage = usage
    }

    var description: String { message }

    /// Runs `body`, turning any error it throws into a failure that carries the error's own words.
    static func catching<Value>(_ body: () throws -> Value) throws(CommandFailure) -> Value {
        do {
            return try body()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
