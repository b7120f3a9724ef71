import MateRunDomain
import MateRunGroup
import MateRunNATS

/// `materun group results CODE`: a group's result, kept on its NATS server after the run (or its
/// board while it still runs), checked as a watcher checks a board.
struct GroupResultsCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "group results", positional: "CODE", summary: "show a group run's result, kept on its NATS server",
        details: """
        CODE is the group's watch code or its join code. The result is the board the group's
        coordinator signed at the end, kept on the NATS server for 30 days (the server needs
        JetStream: nats-server -js); it is checked against the code, so a result someone else
        wrote there is refused. While the group still runs, its board as it stands is shown.
        Exit status 1 when the server keeps no result for the code and no such group runs.
        """,
        options: [
            NATSOptionGroup.via, OptionSpec("--json", help: "print the board as one {\"type\":\"board\"} JSON line"),
        ] + NATSOptionGroup.options,
        refusals: [:], notes: nil)

    let options: WatchOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let text = arguments.positional ?? ""
        guard GroupCodes(parsing: text) != nil else {
            throw UsageError(
                "group results needs the group's code, as its creator printed it (16 letters and digits, or the join code)",
                command: "group results")
        }
        var options = WatchOptions(
            via: try NATSOptionGroup.url(arguments, command: "group results"), code: text, json: arguments.flag("--json"))
        options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "group results")
        self.options = options
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        guard let code = GroupCodes(parsing: options.code) else { throw CommandFailure("not a group code: \(options.code)") }
        let natsOptions: NATSClientOptions
        let client: NATSClient
        do {
            natsOptions = try options.login.clientOptions(via: options.via, environment: container.environment)
            client = try await NATSClient.connect(natsOptions)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot use \(options.via): \(error)")
        }
        let outcome: Result<GroupBoardMessage, CommandFailure>
        do throws(CommandFailure) {
            outcome = .success(try await board(of: code, client: client, url: natsOptions.url, container: container))
        } catch {
            outcome = .failure(error)
        }
        await client.close()
        GroupWatch(container: container, options: options).show(try outcome.get(), page: nil)
        return ExitStatus.success
    }

    /// The kept result, else the board of the group as it runs now.
    private func board(
        of code: GroupCodes, client: NATSClient, url: NATSURL, container: AppContainer
    ) async throws(CommandFailure) -> GroupBoardMessage {
        var kept: String
        do {
            if let result = try await GroupResultStore.read(watch: code.watch, client: client) { return result }
            kept = "the server keeps no result for it"
        } catch .notTheCoordinators {
            throw CommandFailure("group \(code.watch) on \(url): \(GroupResultStore.ReadError.notTheCoordinators)")
        } catch {
            kept = "\(error)"
        }
        if let spectator = try? await GroupSpectator.watch(client: client, code: code) {
            for await board in spectator.boards {
                if !board.isResult { container.report("group \(code.watch) is still running: its board as it stands") }
                return board
            }
        }
        throw CommandFailure("no result for group \(code.watch) on \(url): \(kept), and no such group runs there")
    }
}
