#if canImport(Glibc)
import Glibc
#endif
import MateRunDomain
import MateRunScenarios

/// The command-line program: parses the arguments, builds the app and runs the command.
///
/// `main.swift` only calls `run`, so everything here can be driven from tests.
package enum MateRunCLI {
    /// Runs materun with `arguments` (without the program name) and returns the exit status.
    package static func run(
        arguments: [String], environment: [String: String],
        output: OutputSink = .standardOutput, errors: OutputSink = .standardError
    ) async -> Int32 {
        let status = await runCommand(arguments: arguments, environment: environment, output: output, errors: errors)
        output.flush()
        return checkedWrites(status, output: output, errors: errors)
    }

    /// A failed write to standard output fails the run (a full disk must not look like success);
    /// a reader that went away (`EPIPE`) is a quiet end, as for any Unix tool.
    private static func checkedWrites(_ status: Int32, output: OutputSink, errors: OutputSink) -> Int32 {
        guard let code = output.writeFailure, code != EPIPE else { return status }
        errors.writeLine("materun: cannot write to standard output: \(String(cString: strerror(code)))")
        errors.flush()
        return status == ExitStatus.success ? ExitStatus.failure : status
    }

    /// Runs the command; a command that fails is reported here, once, with its exit status.
    private static func runCommand(
        arguments: [String], environment: [String: String], output: OutputSink, errors: OutputSink
    ) async -> Int32 {
        do {
            return try await dispatch(arguments: arguments, environment: environment, output: output, errors: errors)
        } catch {
            errors.writeLine("materun: \(error.message)")
            if let usage = error.usage { errors.writeLine(usage) }
            errors.flush()
            return error.status
        }
    }

    private static func dispatch(
        arguments: [String], environment: [String: String], output: OutputSink, errors: OutputSink
    ) async throws(CommandFailure) -> Int32 {
        let command: any MateRunCommand
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            throw CommandFailure(error.message, status: ExitStatus.usage, usage: HelpText.usage(for: error.command))
        }
        let container = AppContainer(
            output: output, errors: errors, environment: environment, wallClock: WallClock())
        if type(of: command).writesHistory {
            RecordCommands(container: container).recoverInterrupted(dataDirectory: command.dataDirectory)
        }
        guard type(of: command).isInterruptible else { return try await command.run(in: container) }
        return try await interruptible { () throws(CommandFailure) in try await command.run(in: container) }
    }

    /// Runs `body` in a task that Ctrl-C (SIGINT), SIGTERM or SIGHUP cancels. A run cancelled by
    /// a signal exits with that signal's status (130, 143, 129).
    private static func interruptible(
        _ body: @escaping @Sendable () async throws(CommandFailure) -> Int32
    ) async throws(CommandFailure) -> Int32 {
        let task = Task { () async -> Result<Int32, CommandFailure> in
            do throws(CommandFailure) { return .success(try await body()) } catch { return .failure(error) }
        }
        let trap = InterruptTrap { task.cancel() }
        let outcome = await task.value
        trap.release()
        let status = try outcome.get()
        return status == ExitStatus.interrupted ? trap.interruptedStatus : status
    }
}
