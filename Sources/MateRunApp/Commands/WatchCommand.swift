import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunNATS
import MateRunPresentation

/// `materun watch`: a group's leaderboard, the current one at once, then each new one, until the
/// result.
struct WatchCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "watch", positional: nil, summary: "watch a group run's leaderboard live",
        details: "Shows the standings at once, whenever you arrive, then once a second until the result.",
        options: [
            NATSOptionGroup.via, OptionSpec("--code", value: "CODE", required: true, help: "the group's watch code (or its join code)"),
            OptionSpec("--json", help: "one {\"type\":\"board\"} JSON line per board"), OutputOptionGroup.web,
        ] + NATSOptionGroup.options,
        refusals: [:], notes: nil)

    static var isInterruptible: Bool { true }

    let options: WatchOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        var options = WatchOptions(
            via: try NATSOptionGroup.url(arguments, command: "watch"),
            code: try GroupCodeOption.read(arguments, command: "watch", joining: false), json: arguments.flag("--json"))
        options.web = try arguments.listenEndpoint("--web")
        options.login = try NATSOptionGroup.login(arguments, via: options.via, command: "watch")
        self.options = options
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        try await GroupWatch(container: container, options: options).run()
    }
}

/// Follows a group's boards for `watch`. Watching never slows a runner: the spectator only
/// listens. On a terminal the board is redrawn in place; piped, each board is printed below the
/// last; with `--json`, a line each.
final class GroupWatch {
    let container: AppContainer
    let options: WatchOptions
    /// Lines of the board drawn last on a terminal, to draw the next over it.
    private var drawnLines = 0

    init(container: AppContainer, options: WatchOptions) {
        self.container = container
        self.options = options
    }

    func run() async throws(CommandFailure) -> Int32 {
        let client: NATSClient
        let spectator: GroupSpectator
        guard let code = GroupCodes(parsing: options.code) else { throw CommandFailure("not a group code: \(options.code)") }
        do {
            let natsOptions = try options.login.clientOptions(via: options.via, environment: container.environment)
            let url = natsOptions.url
            client = try await NATSClient.connect(natsOptions)
            do {
                spectator = try await GroupSpectator.watch(client: client, code: code)
            } catch NATSError.noResponders {
                await client.close()
                throw CommandFailure("no group with code \(code.watch) on \(url)")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(error)")
        }
        let page = try options.web.map { endpoint throws(CommandFailure) in try LivePage(endpoint: endpoint) }
        if let page {
            container.report("live page: \(page.url)")
            page.publish([
                ("type", .string("hello")), ("kind", .string("watch")), ("runner", .null), ("goal_m", .null), ("mode", .null),
                ("mate", .null), ("ghost", .null),
            ])
        }
        let errors = container.errors
        let notices = NATSConnectionNotices.follow(client) { line in
            errors.writeLine(line)
            errors.flush()
        }
        for await board in spectator.boards {
            if Task.isCancelled { break }
            show(board, page: page)
        }
        notices.cancel()
        page?.close()
        await client.close()
        let dropped = spectator.dropped.value
        if dropped > 0 { container.report("materun: dropped \(dropped) forged, replayed or excess group message\(dropped == 1 ? "" : "s")") }
        return Task.isCancelled ? ExitStatus.interrupted : ExitStatus.success
    }

    private func show(_ message: GroupBoardMessage, page: LivePage?) {
        let board = message.board
        let team = board.terms.mode == .team ? message.teamMetres : nil
        let fields = GroupView.boardFields(
            phase: board.phase, terms: board.terms, runners: board.runners, places: message.places, counted: message.runners,
            total: message.total, teamMetres: message.teamMetres)
        page?.publish(fields)
        if options.json {
            container.output.writeLine(JSON.object(fields).jsonText)
        } else {
            var heading = "\(board.phase.rawValue): \(message.runners) runner\(message.runners == 1 ? "" : "s"), "
                + "\(board.terms.mode.rawValue) to \(RunFormat.goal(metres: board.terms.goalMetres))"
            if let team { heading += ", team \(RunFormat.kilometres(metres: team))" }
            let lines = [heading] + GroupView.tableLines(board.runners, places: message.places, total: message.runners)
            if container.output.isTerminal, TerminalCapability.drawsInPlace(environment: container.environment) {
                let back = drawnLines > 0 ? TerminalControl.cursorUp(drawnLines) + TerminalControl.clearToEnd : ""
                container.output.write(back + lines.joined(separator: "\n") + "\n")
                drawnLines = lines.count
            } else {
                lines.forEach(container.output.writeLine)
                container.output.writeLine("")
            }
        }
        container.output.flush()
    }
}
