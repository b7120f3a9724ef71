import Foundation
import Glibc
import MateRunCrypto
import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunSocket
import Synchronization

// materun's group runs at scale through real nats-servers started here (BENCHMARKS.md, "NATS").
//
//   swift run -c release MateRunNATSBenchmark [--runners 1000,10000] [--seconds 10] [--skip-cluster]
//
// N simulated runners join one group (through the real GroupCoordinator) and report at 1 Hz,
// spread evenly over each second, on `connections` client connections. A probe subscribed to
// every report measures delivery and latency (publish to receipt, one clock); the coordinator
// publishes the board and every runner's standing each second, which the runners' connections
// count. CPU and peak memory are this whole process: the coordinator, the probe and the
// simulated runners together (materun's side), never the nats-servers.

/// Writes a line at once (unbuffered), so that progress shows when the output goes to a file.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let sizes = (option("--runners") ?? "1000,10000").split(separator: ",").compactMap { Int($0) }
let seconds = Int(option("--seconds") ?? "10") ?? 10
let skipCluster = arguments.contains("--skip-cluster")

guard NATSServerProcess.executable != nil else {
    say("nats-server is not installed (apt-get install nats-server)")
    exit(1)
}

let clock = ContinuousClock()
let origin = clock.now
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
    let coordinatorClient = try await connect(ports[0], name: "coordinator")
    // Joins as fast as they come: the benchmark measures the run, not the door's rate limit.
    let coordinator = try GroupCoordinator(
        client: coordinatorClient, terms: GroupTerms(mode: .race, goalMetres: 1_000_000, speed: 1, maxRunners: runners),
        limits: GroupLimits(joins: GroupRateLimit(burst: 1e9, perSecond: 1e9)), now: wallSeconds)
    let subjects = coordinator.subjects
    let watch = coordinator.codes.watch
    let secret = Array((coordinator.codes.secret ?? "").utf8)
    let session = try await coordinator.open()
    let serving = Task { await coordinator.run(session) }

    let tally = Tally()
    let probeClient = try await connect(ports[ports.count - 1], name: "probe")
    let probe = try probeClient.subscribe(subjects.reports)
    let spectator = try probeClient.subscribe(subjects.board)
    try await probeClient.flush()
    let probing = Task {
        for await message in probe.messages {
            // The runner put its send time (seconds on this process's clock) after the type.
            guard let text = String(validating: message.payload, as: UTF8.self), let range = text.range(of: "\"sent\":") else { continue }
            let number = text[range.upperBound...].prefix { $0 == "." || $0.isNumber }
            if let sent = Double(number) { tally.report(latency: wallSeconds() - sent) }
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
                let proof = try HMACSHA256.authenticationCode(
                    key: secret, message: GroupWire.proofInput(watch: watch, key: signer.publicKeyText, name: name))
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
    coordinator.startNow()
    try await Task.sleep(for: .seconds(3.5))
    let startedAt = wallSeconds()

    let cpuBefore = cpuSeconds()
    let before = tally.snapshot
    var published = 0
    var refusedPublishes = 0
    let slice = Duration.seconds(1) / max(1, runners / 100)
    for second in 1...seconds {
        let tickStart = clock.now
        for batch in stride(from: 0, to: runners, by: 100) {
            for index in batch..<min(runners, batch + 100) {
                let runner = welcomes[index]
                let elapsed = wallSeconds() - startedAt
                let sent = String(format: "%.6f", wallSeconds())
                let payload = Array(
                    ("{\"type\":\"report\",\"sent\":\(sent),\"seq\":\(second),\"elapsed_s\":\(String(format: "%.1f", elapsed)),"
                        + "\"distance_m\":\(String(format: "%.1f", elapsed * 3)),\"finished\":false}").utf8)
                do {
                    let subject = subjects.report(runner.id)
                    let headers = try runner.signer.headers(subject: subject, payload: payload, withKey: false)
                    try runner.client.publish(subject, payload: payload, headers: headers)
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
    let after = tally.snapshot
    let latencies = Array(after.latencies[before.latencies.count...]).sorted()
    let board = await coordinatorBoard(subjects: subjects, client: probeClient)
    let counted = board?.runners ?? 0
    say(String(
        format: "%@  runners %6d  conns %2d  joined in %.1f s  reports %d/%d delivered to the probe (%d refused by the outbox)  p50 %.2f ms  p99 %.2f ms  max %.1f ms  standings %d (%.0f/s)  boards %d  board counts %d runners  CPU %.2f s in %d s (%.0f%% of a core)  peak RSS %.0f MB  dropped by the coordinator %d",
        label, runners, connections, joinSeconds, after.reports - before.reports, published, refusedPublishes,
        percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000, (latencies.last ?? .nan) * 1000,
        after.standings - before.standings, Double(after.standings - before.standings) / Double(seconds + 2), after.boards,
        counted, cpu, seconds + 2, cpu / Double(seconds + 2) * 100, peakMemoryMB(), coordinator.dropped.value))
    serving.cancel()
    probing.cancel()
    watching.cancel()
    standingTasks.forEach { $0.cancel() }
    for client in clients { await client.close() }
    await probeClient.close()
    await coordinatorClient.close()
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
        say("the cluster's routes did not come up within 30 s: nothing measured")
        for node in nodes { await node.stop() }
        exit(1)
    }
    for runners in sizes {
        try await runGroup(runners: runners, ports: nodes.map(\.port), label: "3 nodes  ")
    }
    for node in nodes { await node.stop() }
}
