import Foundation
import Glibc
import MateRunCrypto
import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import MateRunSocket
import Synchronization

// materun's group runs at scale through real nats-servers started here (BENCHMARKS.md, "NATS").
//
//   swift run -c release MateRunNATSBenchmark [--runners 1000,10000] [--seconds 10] [--skip-cluster]
//
// N simulated runners join one group (through the real GroupCoordinator) and report at 1 Hz,
// spread evenly over each second, on `connections` client connections. A probe subscribed to
// every report measures delivery and latency (publish to receipt, one clock: the send time
// travels in a `Sent` header); the coordinator publishes the board and every runner's standing
// each second, which the runners' connections count.
//
// The coordinator runs in a process of its own (this program again, `--coordinate`), so that its
// CPU is its own, read from /proc: it checks every report's signature and signs every board and
// standing. The simulated runners sign their reports before the measured window: they are the
// load, and a real runner signs one report a second on its own device. CPU and peak memory of
// this process (the runners and the probe) are reported beside it; never the nats-servers'.

let program = "MateRunNATSBenchmark"
let commandLine = BenchmarkCommandLine(
    program: program,
    summary: "Group runs at scale through real nats-servers: runners at 1 Hz through one group's coordinator (BENCHMARKS.md (e)).",
    options: [
        .init("--runners", value: "N,N", help: "group sizes to measure, in turn (1000,10000)"),
        .init("--seconds", value: "N", help: "seconds of reports at 1 Hz for each size (10)"),
        .init("--skip-cluster", help: "measure on one server only, not on a 3-node cluster"),
        .init("--coordinate", value: "PORT", help: "(internal) be the coordinator on the server at PORT", hidden: true),
        .init("--for", value: "N", help: "(internal) the coordinator's runners", hidden: true),
    ],
    arguments: Array(CommandLine.arguments.dropFirst()))
let sizes = commandLine.integers("--runners", default: [1_000, 10_000], in: 1...100_000)
let seconds = commandLine.integer("--seconds", default: 10, in: 1...3_600)
let skipCluster = commandLine.flag("--skip-cluster")

func say(_ line: String) { BenchmarkOutput.line(line) }

guard NATSServerProcess.executable != nil else {
    BenchmarkOutput.error("\(program): nats-server is not installed (apt-get install nats-server)")
    exit(1)
}

let clock = ContinuousClock()
let origin = clock.now

// The coordinator's process: opens a group on the server at PORT for RUNNERS, prints its codes,
// starts the group on a line "start" on standard input, prints how many messages it dropped and
// exits at the end of standard input.
if let port = commandLine.text("--coordinate").flatMap(UInt16.init), let runners = commandLine.text("--for").flatMap(Int.init) {
    await BenchmarkOutput.run(program) {
        let client = try await connect(port, name: "coordinator")
        // Joins as fast as they come: the benchmark measures the run, not the door's rate limit.
        let coordinator = try GroupCoordinator(
            client: client, terms: GroupTerms(mode: .race, goalMetres: 1_000_000, speed: 1, maxRunners: runners),
            limits: GroupLimits(joins: GroupRateLimit(burst: 1e9, perSecond: 1e9)), now: wallSeconds)
        let session = try await coordinator.open()
        let serving = Task { await coordinator.run(session) }
        say("code \(coordinator.codes.watch) \(coordinator.codes.secret ?? "")")
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                while let line = readLine() {
                    if line == "start" { coordinator.startNow() }
                }
                ended.resume()
            }
            thread.start()
        }
        say("dropped \(coordinator.dropped.value)")
        serving.cancel()
        await client.close()
    }
    exit(0)
}

@Sendable func wallSeconds() -> Double {
    let parts = origin.duration(to: clock.now).components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

/// Latencies and counts the probe and the runners' connections gather.
final class Tally: Sendable {
    private struct State {
        var latencies: [Double] = []
        var reports = 0
        var standings = 0
        var boards = 0
    }
    private let state = Mutex(State())
    func report(latency: Double) { state.withLock { $0.reports += 1; $0.latencies.append(latency) } }
    func standing() { state.withLock { $0.standings += 1 } }
    func board() { state.withLock { $0.boards += 1 } }
    var snapshot: (latencies: [Double], reports: Int, standings: Int, boards: Int) {
        state.withLock { ($0.latencies, $0.reports, $0.standings, $0.boards) }
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

/// The CPU time (user and system) process `pid` has used so far, from /proc/PID/stat.
func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return .nan }
    // After the command's closing parenthesis: state is field 3, utime field 14, stime field 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The coordinator's process: this program with `--coordinate`, talked to over its standard
/// input and output.
final class CoordinatorProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    init(port: UInt16, runners: Int) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--coordinate", String(port), "--for", String(runners)]
        process.standardInput = input
        process.standardOutput = output
        try ChildProcesses.run(process)
    }

    var pid: Int32 { process.processIdentifier }

    /// The next line it prints (blocking; the benchmark waits for it and nothing else).
    func line() -> String? {
        while true {
            if let end = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeSubrange(...end)
                return line
            }
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { return nil }
            buffered += data
        }
    }

    func start() {
        input.fileHandleForWriting.write(Data("start\n".utf8))
    }

    /// Ends it (end of its input), and returns how many messages it dropped.
    func finish() -> Int? {
        try? input.fileHandleForWriting.close()
        let dropped = line().flatMap { $0.hasPrefix("dropped ") ? Int($0.dropFirst(8)) : nil }
        process.waitUntilExit()
        return dropped
    }
}

func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
}

func connect(_ port: UInt16, name: String) async throws -> NATSClient {
    var options = NATSClientOptions(url: NATSURL(endpoint: TCPEndpoint(host: "127.0.0.1", port: port)))
    options.name = name
    options.outboxLimitBytes = 64 << 20
    options.subscriptionBufferLimit = 1 << 20
    return try await NATSClient.connect(options)
}

/// One group of `runners` through the servers on `ports`: the coordinator on the first, the
/// runners spread over all, the probe and the spectator on the last.
func runGroup(runners: Int, ports: [UInt16], label: String) async throws {
    let connections = max(1, min(50, runners / 200))
    let coordinator = try CoordinatorProcess(port: ports[0], runners: runners)
    guard let codeLine = coordinator.line(), case let parts = codeLine.split(separator: " "), parts.count == 3, parts[0] == "code" else {
        throw GroupRefused(reason: "the coordinator's process printed no code")
    }
    let watch = String(parts[1])
    let joinKey = try GroupJoinKey(secret: String(parts[2]))
    let subjects = GroupSubjects(code: watch)

    let tally = Tally()
    let probeClient = try await connect(ports[ports.count - 1], name: "probe")
    let probe = try probeClient.subscribe(subjects.reports)
    let spectator = try probeClient.subscribe(subjects.board)
    try await probeClient.flush()
    let probing = Task {
        for await message in probe.messages {
            // The runner's send time (seconds on this process's clock) is in the Sent header.
            if let sent = message.headers?["Sent"].flatMap(Double.init) { tally.report(latency: wallSeconds() - sent) }
        }
    }
    let watching = Task { for await _ in spectator.messages { tally.board() } }

    var runnerClients: [NATSClient] = []
    for index in 0..<connections {
        runnerClients.append(try await connect(ports[index % ports.count], name: "runners \(index)"))
    }
    let clients = runnerClients
    // Everyone joins through the coordinator (request/reply), 200 at a time, each with a key of
    // its own and the join code's proof, as GroupMembership does.
    let joinStart = clock.now
    let welcomes: [(id: String, signer: GroupSigner, client: NATSClient)] = try await withThrowingTaskGroup(
        of: (String, GroupSigner, NATSClient).self
    ) { group in
        var welcomes: [(String, GroupSigner, NATSClient)] = []
        for index in 0..<runners {
            if index >= 200, let done = try await group.next() { welcomes.append(done) }
            let client = clients[index % clients.count]
            group.addTask {
                let signer = try GroupSigner()
                let id = try GroupCodes.fingerprint(of: signer.publicKey)
                let name = "R\(index)"
                let proof = try joinKey.proof(watch: watch, key: signer.publicKeyText, name: name)
                let payload = GroupWire.joinRequest(.init(name: name, key: signer.publicKeyText, proof: Base64URL.encode(proof)))
                let headers = try signer.headers(subject: subjects.join, payload: payload, withKey: false)
                let reply = try await client.request(subjects.join, payload: payload, headers: headers, timeout: .seconds(60))
                guard case .success? = GroupWire.joinAnswer(reply.payload, id: id) else { throw GroupRefused(reason: "no welcome") }
                return (id, signer, client)
            }
        }
        for try await done in group { welcomes.append(done) }
        return welcomes
    }
    let joinSeconds = Measurement.seconds(clock.now - joinStart)
    // Each runner listens to its own standing, as a real one does.
    var standingTasks: [Task<Void, Never>] = []
    for runner in welcomes {
        let standings = try runner.client.subscribe(subjects.standing(runner.id))
        standingTasks.append(Task { for await _ in standings.messages { tally.standing() } })
    }
    for client in clients { try await client.flush(timeout: .seconds(30)) }
    coordinator.start()
    // Every report of the window, signed now: the report of second s says s seconds and 3 m a second.
    let signed: [[(payload: [UInt8], signature: String)]] = try welcomes.map { runner in
        let subject = subjects.report(runner.id)
        return try (1...seconds).map { second in
            let payload = Array(
                ("{\"type\":\"report\",\"seq\":\(second),\"elapsed_s\":\(second).0,\"distance_m\":\(second * 3).0,\"finished\":false}").utf8)
            let headers = try runner.signer.headers(subject: subject, payload: payload, withKey: false)
            return (payload, headers["Sig"] ?? "")
        }
    }
    try await Task.sleep(for: .seconds(3.5))

    let cpuBefore = cpuSeconds()
    let coordinatorCPUBefore = cpuSeconds(of: coordinator.pid)
    let before = tally.snapshot
    var published = 0
    var refusedPublishes = 0
    let slice = Duration.seconds(1) / max(1, runners / 100)
    for second in 1...seconds {
        let tickStart = clock.now
        for batch in stride(from: 0, to: runners, by: 100) {
            for index in batch..<min(runners, batch + 100) {
                let runner = welcomes[index]
                let report = signed[index][second - 1]
                do {
                    let headers = NATSHeaders([("Sig", report.signature), ("Sent", String(format: "%.6f", wallSeconds()))])
                    try runner.client.publish(subjects.report(runner.id), payload: report.payload, headers: headers)
                    published += 1
                } catch {
                    refusedPublishes += 1
                }
            }
            try await clock.sleep(until: tickStart + slice * (batch / 100 + 1))
        }
    }
    // Let the last second's messages and the next board arrive.
    for client in clients { try await client.flush(timeout: .seconds(30)) }
    try await Task.sleep(for: .seconds(2))
    let cpu = cpuSeconds() - cpuBefore
    let coordinatorCPU = cpuSeconds(of: coordinator.pid) - coordinatorCPUBefore
    let after = tally.snapshot
    let latencies = Array(after.latencies[before.latencies.count...]).sorted()
    let board = await coordinatorBoard(subjects: subjects, client: probeClient)
    let counted = board?.runners ?? 0
    let dropped = coordinator.finish() ?? -1
    say(String(
        format: "%@  runners %6d  conns %2d  joined in %.1f s  reports %d/%d delivered to the probe (%d refused by the outbox)  p50 %.2f ms  p99 %.2f ms  max %.1f ms  standings %d (%.0f/s)  boards %d  board counts %d runners  coordinator CPU %.2f s in %d s (%.2f s a second)  runners' and probe's CPU %.2f s (%.0f%% of a core)  peak RSS %.0f MB  dropped by the coordinator %d",
        label, runners, connections, joinSeconds, after.reports - before.reports, published, refusedPublishes,
        percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000, (latencies.last ?? .nan) * 1000,
        after.standings - before.standings, Double(after.standings - before.standings) / Double(seconds + 2), after.boards,
        counted, coordinatorCPU, seconds + 2, coordinatorCPU / Double(seconds + 2), cpu, cpu / Double(seconds + 2) * 100,
        peakMemoryMB(), dropped))
    probing.cancel()
    watching.cancel()
    standingTasks.forEach { $0.cancel() }
    for client in clients { await client.close() }
    await probeClient.close()
}

/// The board as the coordinator has it now (asked like a spectator who just arrived).
func coordinatorBoard(subjects: GroupSubjects, client: NATSClient) async -> GroupBoardMessage? {
    guard let reply = try? await client.request(subjects.boardNow, payload: [], timeout: .seconds(10)) else { return nil }
    return GroupWire.board(reply.payload)
}

/// A free TCP port on 127.0.0.1 (for the cluster's route ports, which must be named up front).
func freePort() throws -> UInt16 {
    let listener = try TCPListener(host: "127.0.0.1", port: 0)
    defer { listener.close() }
    return listener.port
}

await BenchmarkOutput.run(program) {
    say("materun NATS benchmark: \(seconds) s at 1 Hz per size; nats-server \(NATSServerProcess.executable ?? "?")")
    let single = try await NATSServerProcess.start()
    for runners in sizes {
        try await runGroup(runners: runners, ports: [single.port], label: "1 server ")
    }
    await single.stop()

    if !skipCluster {
        let routes = try (0..<3).map { _ in try freePort() }
        var nodes: [NATSServerProcess] = []
        for index in 0..<3 {
            let others = routes.enumerated().filter { $0.offset != index }.map { "nats://127.0.0.1:\($0.element)" }.joined(separator: ",")
            nodes.append(try await NATSServerProcess.start(arguments: [
                "--cluster_name", "materun", "--cluster", "nats://127.0.0.1:\(routes[index])", "--routes", others,
            ]))
        }
        // Wait for the routes: a message published on the first node, again every 100 ms, reaches a
        // subscriber on the last. One bounded wait on the stream: a wait that times out cancels its
        // reader, which ends an AsyncStream for good, so the wait is not retried in short slices.
        let first = try await connect(nodes[0].port, name: "route check")
        let last = try await connect(nodes[2].port, name: "route check")
        let check = try last.subscribe("materun.route.check")
        try await last.flush()
        let pinging = Task {
            while !Task.isCancelled {
                try? first.publish("materun.route.check", payload: [1])
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let routed = (try? await next(check.messages, within: 30)) != nil
        pinging.cancel()
        say("3-node cluster on 127.0.0.1 (routes \(routes.map(String.init).joined(separator: ","))): routes up: \(routed)")
        await first.close()
        await last.close()
        guard routed else {
            throw GroupRefused(reason: "the cluster's routes did not come up within 30 s: nothing measured")
        }
        for runners in sizes {
            try await runGroup(runners: runners, ports: nodes.map(\.port), label: "3 nodes  ")
        }
        for node in nodes { await node.stop() }
    }
}
ChildProcesses.endAll()
