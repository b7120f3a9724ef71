import Foundation
import MateRunGroup
import MateRunNATS
import MateRunRecords
import MateRunSocket

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
        --metrics serves Prometheus metrics at /metrics, /healthz (200 while the process
        answers) and /readyz (200 when connected to NATS with the bucket ready and serving,
        else 503 with the reason); docs/OPERATIONS.md has the metrics and a systemd unit.
        """,
        options: [
            NATSOptionGroup.via,
            OptionSpec(
                "--secret-file", value: "FILE",
                help: "the service's secret: the same file on every instance (default:",
                "DATA_DIR/service-secret, made with 32 random bytes when missing)"),
            OptionSpec("--keep-results", value: "DAYS", help: "keep each group's result on the server for DAYS (default: 30)"),
            OptionSpec("--name", value: "NAME", help: "this instance's name in the logs and $SRV (default: a random one)"),
            OptionSpec(
                "--metrics", value: "ADDR:PORT",
                help: "serve /metrics (Prometheus), /healthz and /readyz on ADDR:PORT (port 0:", "any free port, logged)"),
            OptionSpec("--log-format", value: "text|json", help: "a line of text per event (default), or one JSON object per line"),
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
    let metrics: TCPEndpoint?
    let logFormat: ServiceLog.Format

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
        metrics = try arguments.listenEndpoint("--metrics")
        let format = arguments.string("--log-format") ?? ServiceLog.Format.text.rawValue
        guard let logFormat = ServiceLog.Format(rawValue: format) else {
            throw UsageError("--log-format takes text or json, not '\(format)'", command: "serve")
        }
        self.logFormat = logFormat
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let secret = try ServiceSecret.read(
            file: secretFile, dataDirectory: DataDirectory.resolve(override: dataDirectory, environment: container.environment),
            report: container.report)
        var natsOptions = try CommandFailure.catching { try login.clientOptions(via: via, environment: container.environment) }
        natsOptions.name = "materun serve \(name)"
        let url = natsOptions.url
        let log = ServiceLog(name: name, format: logFormat, errors: container.errors)
        let reading = ServiceReading(processStart: AppContainer.wallTime().unixSeconds)
        // Before connecting, so that a probe sees the process answer and not be ready yet.
        let endpoint = try metrics.map { endpoint throws(CommandFailure) in
            try MetricsEndpoint(endpoint: endpoint) { reading.reading }
        }
        defer { endpoint?.stop() }
        if let endpoint {
            log.write("metrics", fields: ["url": endpoint.url], "metrics at \(endpoint.url)/metrics, health at /healthz and /readyz")
        }
        log.write("connecting", fields: ["url": "\(url)"], "connecting to \(url)")
        let client: NATSClient
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot use \(url): \(error)")
        }
        reading.health.connected()
        let follower = Self.follow(client, log: log, health: reading.health)
        defer { follower.cancel() }
        let outcome = await serve(client: client, secret: secret, url: url, log: log, reading: reading)
        await client.close()
        return try outcome.get()
    }

    /// Reads the client's events (their single reader): each is logged, and the health follows
    /// the connection, for `/readyz` and the reconnects' count.
    private static func follow(_ client: NATSClient, log: ServiceLog, health: ServiceHealth) -> Task<Void, Never> {
        Task {
            for await event in client.events {
                switch event {
                case .disconnected(let reason):
                    health.lostNATS(reason)
                    log.write("nats_lost", level: .warning, fields: ["reason": reason], "lost the NATS server (\(reason)); reconnecting")
                case .reconnected(let server):
                    health.reconnected()
                    log.write("nats_reconnected", fields: ["server": "\(server)"], "reconnected to the NATS server at \(server)")
                case .serverError(let error):
                    log.write("nats_server_error", level: .warning, fields: ["error": "\(error)"], "the NATS server said: \(error)")
                case .closed:
                    health.lostNATS("closed")
                    return
                }
            }
        }
    }

    private func serve(
        client: NATSClient, secret: [UInt8], url: NATSURL, log: ServiceLog, reading: ServiceReading
    ) async -> Result<Int32, CommandFailure> {
        var configuration = GroupService.Configuration(secret: secret, instance: name)
        configuration.keepResultsDays = keepResultsDays
        configuration.observations = reading.observations
        let service: GroupService
        let responder: NATSServiceResponder
        do {
            // Unix seconds, not this process's clock: a group's start is a time every instance
            // that may take the group over must read alike.
            service = try await GroupService.start(
                client: client, configuration: configuration, now: { AppContainer.wallTime().unixSeconds }, log: { entry in
                    // Ready once it listens for creators, the moment it says so.
                    if entry.event == "serving" { reading.health.servingNow() }
                    log.write(entry)
                })
            responder = try NATSServiceResponder(service.description, on: client, stats: { service.stats })
            reading.serving(service)
            reading.health.bucketIsReady()
        } catch {
            return .failure(CommandFailure("cannot serve groups on \(url) (it needs JetStream: nats-server -js): \(error)"))
        }
        defer { responder.stop() }
        defer { reading.health.stoppingNow() }
        do {
            // Unready from the moment it is told to stop (Ctrl-C, SIGTERM), while it hands over.
            try await withTaskCancellationHandler {
                try await service.run()
            } onCancel: {
                reading.health.stoppingNow()
            }
        } catch {
            return .failure(CommandFailure("cannot serve groups on \(url): \(error)"))
        }
        return .success(ExitStatus.success)
    }
}
