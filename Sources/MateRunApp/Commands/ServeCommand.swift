import Foundation
import MateRunGroup
import MateRunNATS
import MateRunRecords

/// `materun serve`: one instance of the group service. Any number of them on any machines,
/// sharing one secret, coordinate groups on a NATS server or cluster with JetStream, so that a
/// group outlives its creator's process and any one instance.
struct ServeCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "serve", positional: nil, summary: "coordinate group runs as a service that outlives any one process",
        details: """
        Runs until stopped. group create asks a running service to coordinate its group, and
        the creator then runs in it like everyone else. Each group's state is kept in the
        server's JetStream (nats-server -js; 3 copies on a cluster of three), and one instance
        holds each group at a time: when it dies, another takes the group over within 5 s.
        Every instance needs the same secret: it derives each group's key. Ctrl-C or SIGTERM
        hands this instance's groups to the others and exits 0. Logs go to standard error, a
        line per event; nats micro ls / nats micro stats list the instances and their numbers.
        """,
        options: [
            NATSOptionGroup.via,
            OptionSpec(
                "--secret-file", value: "FILE",
                help: "the service's secret: the same file on every instance (default:",
                "DATA_DIR/service-secret, made with 32 random bytes when missing)"),
            OptionSpec("--keep-results", value: "DAYS", help: "keep each group's result on the server for DAYS (default: 30)"),
            OptionSpec("--name", value: "NAME", help: "this instance's name in the logs and $SRV (default: a random one)"),
            DataOptionGroup.directory,
        ] + NATSOptionGroup.options,
        refusals: [:], notes: nil)

    static var isInterruptible: Bool { true }

    let via: String
    let login: NATSLogin
    let secretFile: String?
    let keepResultsDays: Int
    let name: String
    let dataDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        via = try NATSOptionGroup.url(arguments, command: "serve")
        login = try NATSOptionGroup.login(arguments, via: via, command: "serve")
        secretFile = arguments.string("--secret-file")
        keepResultsDays = try arguments.count("--keep-results", upTo: 3650) ?? GroupResultStore.defaultDays
        name = arguments.string("--name") ?? "serve-" + NATSClient.randomToken(length: 8).lowercased()
        guard name.count <= 64, NATSServiceDescription.isName(name) else {
            throw UsageError("--name takes letters, digits, - and _ only (up to 64)", command: "serve")
        }
        dataDirectory = arguments.string(DataOptionGroup.directory.name)
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let secret = try ServiceSecret.read(
            file: secretFile, dataDirectory: DataDirectory.resolve(override: dataDirectory, environment: container.environment),
            report: container.report)
        var natsOptions = try CommandFailure.catching { try login.clientOptions(via: via, environment: container.environment) }
        natsOptions.name = "materun serve \(name)"
        let url = natsOptions.url
        let log = ServiceLog(name: name, errors: container.errors)
        log.write("connecting to \(url)")
        let client: NATSClient
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot use \(url): \(error)")
        }
        let notices = NATSConnectionNotices.follow(client, writing: { log.write($0) })
        defer { notices.cancel() }
        let outcome = await serve(client: client, secret: secret, url: url, log: log)
        await client.close()
        return try outcome.get()
    }

    private func serve(
        client: NATSClient, secret: [UInt8], url: NATSURL, log: ServiceLog
    ) async -> Result<Int32, CommandFailure> {
        var configuration = GroupService.Configuration(secret: secret, instance: name)
        configuration.keepResultsDays = keepResultsDays
        let service: GroupService
        let responder: NATSServiceResponder
        do {
            // Unix seconds, not this process's clock: a group's start is a time every instance
            // that may take the group over must read alike.
            service = try await GroupService.start(
                client: client, configuration: configuration, now: { AppContainer.wallTime().unixSeconds }, log: { log.write($0) })
            responder = try NATSServiceResponder(service.description, on: client, stats: { service.stats })
        } catch {
            return .failure(CommandFailure("cannot serve groups on \(url) (it needs JetStream: nats-server -js): \(error)"))
        }
        defer { responder.stop() }
        do {
            try await service.run()
        } catch {
            return .failure(CommandFailure("cannot serve groups on \(url): \(error)"))
        }
        return .success(ExitStatus.success)
    }
}
