import Foundation
import Glibc
import MateRunCrypto
import MateRunDomain
import MateRunGroup
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTestSupport
import Synchronization

// The group service through real failures (BENCHMARKS.md (h)), on one nats-server with JetStream
// and on a 3-node cluster:
//
//   swift run -c release MateRunServiceBenchmark [--rounds 20] [--runners 1000] [--seconds 20] [--skip-cluster]
//
// 1. Takeover: two service instances, each a process of its own (this program again, `--serve`).
//    Each round asks the service for a group, joins a runner and starts it, then kills the
//    instance holding it with SIGKILL; the time is from the kill to the first board the group's
//    key signed after it (the new holder publishes at once). The killed instance is started again.
// 2. Load: `--runners` runners report once a second, spread over each second, for `--seconds`,
//    twice: once undisturbed (the baseline), once with the holder killed halfway. A probe measures each report's delivery (publish to receipt,
//    one clock); each runner's standings are timed, and the longest gap between two is the gap
//    the takeover left.

let program = "MateRunServiceBenchmark"
let commandLine = BenchmarkCommandLine(
    program: program,
    summary: "The group service through real failures: takeovers after a SIGKILL, and a loaded race with a takeover (BENCHMARKS.md (h)).",
    options: [
        .init("--rounds", value: "N", help: "takeover rounds on each set of servers (20); 0 skips them"),
        .init("--runners", value: "N", help: "runners of the loaded race, at most \(GroupService.maxRunners), what a served group holds (1000)"),
        .init("--seconds", value: "N", help: "seconds of reports in each loaded race (20)"),
        .init("--skip-cluster", help: "measure on one server only, not on a 3-node cluster"),
        .init("--serve", value: "NAME", help: "(internal) be a service instance", hidden: true),
        .init("--urls", value: "URLS", help: "(internal) the instance's servers", hidden: true),
        .init("--secret", value: "HEX", help: "(internal) the instance's secret", hidden: true),
    ],
    arguments: Array(CommandLine.arguments.dropFirst()))

func say(_ line: String) { BenchmarkOutput.line(line) }

@Sendable func unixSeconds() -> Double { Date().timeIntervalSince1970 }

func connect(_ urls: [NATSURL], name: String) async throws -> NATSClient {
    var options = NATSClientOptions(url: urls[0])
    options.alternativeURLs = Array(urls.dropFirst())
    options.name = name
    options.outboxLimitBytes = 64 << 20
    options.subscriptionBufferLimit = 1 << 20
    return try await NATSClient.connect(options)
}

// An instance of the service: `--serve NAME --urls URLS --secret HEX`, its log on standard output.
if let name = commandLine.text("--serve"), let urlText = commandLine.text("--urls"), let secretHex = commandLine.text("--secret") {
    await BenchmarkOutput.run(program) {
        let client = try await connect(try NATSURL.list(parsing: urlText), name: name)
        var configuration = GroupService.Configuration(secret: Array(secretHex.utf8), instance: name)
        // The load's runners join as fast as they come: this measures the run, not the door.
        configuration.limits = GroupLimits(joins: GroupRateLimit(burst: 1e9, perSecond: 1e9))
        let service = try await GroupService.start(
            client: client, configuration: configuration, now: unixSeconds, log: { say(String(format: "%.3f ", unixSeconds()) + $0.text) })
        try await service.run()
    }
    exit(0)
}

let rounds = commandLine.integer("--rounds", default: 20, in: 0...1_000)
// A served group holds at most `GroupService.maxRunners`: asking for more is refused here, before
// any server starts, rather than by the service halfway through.
let runnerCount = commandLine.integer("--runners", default: 1_000, in: 1...GroupService.maxRunners)
let seconds = commandLine.integer("--seconds", default: 20, in: 2...3_600)
let secret = String(repeating: "b7", count: 32)

guard NATSServerProcess.executable != nil else {
    BenchmarkOutput.error("\(program): nats-server is not installed (apt-get install nats-server)")
    exit(1)
}

/// A value shared between tasks and threads.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }
}

/// A service instance in a child process, its log lines kept.
final class Instance: Sendable {
    let name: String
    private let process: Process
    private let lines = Shared<[String]>([])

    init(name: String, urls: [NATSURL]) throws {
        self.name = name
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--serve", name, "--urls", urls.map(\.description).joined(separator: ","), "--secret", secret]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.standardError
        try ChildProcesses.run(process)
        let lines = lines
        Thread.detachNewThread {
            var buffer: [UInt8] = []
            while true {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { return }
                buffer += data
                while let end = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeSubrange(...end)
                    lines.update { $0.append(line) }
                }
            }
        }
    }

    /// The lines that mention `text`.
    func lines(mentioning text: String) -> [String] { lines.update { $0.filter { $0.contains(text) } } }

    func said(_ text: String) -> Bool { lines.update { $0.contains { $0.contains(text) } } }

    func waitUntil(saying text: String, within limit: Duration = .seconds(30)) async throws {
        let end = ContinuousClock.now + limit
        while !said(text) {
            guard ContinuousClock.now < end, process.isRunning else { throw NATSError.timedOut("\(name) never said \(text)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Two instances on `urls`, each ready.
func startInstances(_ names: [String], urls: [NATSURL]) async throws -> [Instance] {
    let started = try names.map { try Instance(name: $0, urls: urls) }
    for instance in started { try await instance.waitUntil(saying: "serving groups as") }
    return started
}

/// A runner of the benchmark: its key, id, and signed join.
struct Runner: Sendable {
    let signer: GroupSigner
    let id: String

    init(index: Int) throws {
        var seed = Array(repeating: UInt8(0), count: 32)
        withUnsafeBytes(of: UInt64(index + 1).littleEndian) { seed.replaceSubrange(0..<8, with: $0) }
        signer = try GroupSigner(seed: seed)
        id = try GroupCodes.fingerprint(of: signer.publicKey)
    }

    func join(_ codes: GroupCodes, on client: NATSClient) async throws {
        let name = "R" + id.prefix(8)
        let proof = try GroupJoinKey(secret: codes.secret ?? "").proof(watch: codes.watch, key: signer.publicKeyText, name: name)
        let payload = GroupWire.joinRequest(.init(name: name, key: signer.publicKeyText, proof: Base64URL.encode(proof)))
        let subject = GroupSubjects(code: codes.watch).join
        let answer = try await client.request(
            subject, payload: payload, headers: try signer.headers(subject: subject, payload: payload, withKey: false), timeout: .seconds(10))
        guard case .success? = GroupWire.joinAnswer(answer.payload, id: id) else { throw NATSError.timedOut("runner \(id) not admitted") }
    }

    /// Says goodbye, so that the group ends once every runner has (and leaves nothing behind for
    /// the next measurement's instances to take up).
    func leave(_ seq: Int, watch: String, on client: NATSClient) throws {
        let subject = GroupSubjects(code: watch).report(id)
        let payload = GroupWire.bye(seq: seq)
        try client.publish(subject, payload: payload, headers: try signer.headers(subject: subject, payload: payload, withKey: false))
    }

    /// Waits (up to 10 s) until the group's result is kept, its record gone.
    static func awaitEnd(of watch: String, among instances: [Instance]) async throws {
        let end = ContinuousClock.now + .seconds(10)
        while !instances.contains(where: { $0.said("group \(watch) is over") }), ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func report(_ seq: Int, watch: String, on client: NATSClient) throws {
        let subject = GroupSubjects(code: watch).report(id)
        let payload = GroupWire.report(GroupReport(seq: seq, elapsedSeconds: Double(seq), distanceMetres: Double(seq) * 3))
        var headers = try signer.headers(subject: subject, payload: payload, withKey: false)
        headers.fields.append(("Sent", String(unixSeconds())))
        try client.publish(subject, payload: payload, headers: headers)
    }
}

/// The instance that says it created or took up `watch`.
func holder(of watch: String, among instances: [Instance]) -> Instance? {
    instances.last { $0.said("took up group \(watch)") } ?? instances.first { $0.said("created group \(watch)") }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// Takeover times over `rounds`: kill the holder, time the first board after.
func takeovers(urls: [NATSURL], label: String) async throws {
    guard rounds > 0 else { return }
    let tag = label.replacingOccurrences(of: " ", with: "-")
    var instances = try await startInstances(["\(tag)-a", "\(tag)-b"], urls: urls)
    let client = try await connect(urls, name: "bench")
    var times: [Double] = []
    for round in 1...rounds {
        let served = try await GroupServiceRequest.ask(
            client: client, terms: GroupTerms(mode: .race, goalMetres: 100_000, speed: 1, maxRunners: 1), within: .seconds(5))
        let watch = served.codes.watch
        let boards = try client.subscribe(GroupSubjects(code: watch).board)
        try await Runner(index: round).join(served.codes, on: client)
        served.start(on: client)
        var check = GroupCoordinatorCheck(watch: watch, dropped: GroupDropCount())
        var iterator = boards.messages.makeAsyncIterator()
        // Two boards of the first holder, then the kill.
        for _ in 0..<2 { while let board = await iterator.next(), !check.accepts(board) {} }
        guard let victim = holder(of: watch, among: instances) else { throw NATSError.timedOut("no holder of \(watch)") }
        let killedAt = unixSeconds()
        victim.kill()
        while let board = await iterator.next() {
            if check.accepts(board) { break }
        }
        let time = unixSeconds() - killedAt
        times.append(time)
        say("  \(label) round \(round): taken over \(ms(time)) after the kill")
        boards.unsubscribe()
        try Runner(index: round).leave(1_000, watch: watch, on: client)
        try await Runner.awaitEnd(of: watch, among: instances)
        instances.removeAll { $0 === victim }
        instances += try await startInstances(["\(tag)-r\(round)"], urls: urls)
    }
    say("\(label): takeover after the holder's SIGKILL, \(rounds) rounds: median \(ms(percentile(times, 0.5))), worst \(ms(times.max() ?? .nan))")
    await client.close()
    instances.forEach { $0.kill() }
}

/// `runnerCount` runners for `seconds`, the holder killed halfway when `killing`.
func load(urls: [NATSURL], label: String, killing: Bool) async throws {
    let tag = label.replacingOccurrences(of: " ", with: "-")
    let instances = try await startInstances(["\(tag)-a", "\(tag)-b"], urls: urls)
    let client = try await connect(urls, name: "bench runners")
    let probe = try await connect(urls, name: "bench probe")
    let served = try await GroupServiceRequest.ask(
        client: client, terms: GroupTerms(mode: .race, goalMetres: 1_000_000, speed: 1, maxRunners: runnerCount), within: .seconds(5))
    let watch = served.codes.watch
    let runners = try (0..<runnerCount).map { try Runner(index: $0) }
    let joinedAt = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for slice in stride(from: 0, to: runners.count, by: 100) {
            group.addTask { for runner in runners[slice..<min(slice + 100, runners.count)] { try await runner.join(served.codes, on: client) } }
        }
        try await group.waitForAll()
    }
    say("  \(label): \(runnerCount) runners joined in \(ContinuousClock.now - joinedAt)")
    let latencies = Shared<[Double]>([])
    let standings = Shared<[String: [Double]]>([:])
    let reports = try probe.subscribe(GroupSubjects(code: watch).reports)
    let standingSubscription = try client.subscribe("materun.group.\(watch).standing.*")
    try await probe.flush()
    let listening = Task {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in reports.messages {
                    guard let sent = message.headers?["Sent"].flatMap(Double.init) else { continue }
                    let latency = unixSeconds() - sent
                    latencies.update { $0.append(latency) }
                }
            }
            group.addTask {
                let prefix = "materun.group.\(watch).standing."
                for await message in standingSubscription.messages {
                    let id = String(message.subject.dropFirst(prefix.count))
                    let now = unixSeconds()
                    standings.update { $0[id, default: []].append(now) }
                }
            }
        }
    }
    served.start(on: client)
    try await Task.sleep(for: .seconds(4))
    let windowStart = unixSeconds()
    var killedAt: Double?
    for second in 1...seconds {
        let secondStart = ContinuousClock.now
        for (index, runner) in runners.enumerated() {
            try runner.report(second, watch: watch, on: client)
            if index % 50 == 49 {
                try await Task.sleep(until: secondStart + .milliseconds(1000 * (index + 1) / runners.count), clock: .continuous)
            }
        }
        if killing, second == seconds / 2, let victim = holder(of: watch, among: instances) {
            killedAt = unixSeconds()
            victim.kill()
            say("  \(label): killed the holder \(victim.name) after \(second) s")
        }
        try await Task.sleep(until: secondStart + .seconds(1), clock: .continuous)
    }
    try await Task.sleep(for: .seconds(2))
    listening.cancel()
    let windowEnd = unixSeconds()
    let board = try await client.request(GroupSubjects(code: watch).boardNow, payload: [], timeout: .seconds(5))
    let counted = GroupWire.board(board.payload).map { "\($0.total - $0.runners) of \($0.total) runners refused; the 100 leaders listed: \($0.board.runners.map(\.status.rawValue).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 })" }
    for runner in runners { try runner.leave(seconds + 1, watch: watch, on: client) }
    try await Runner.awaitEnd(of: watch, among: instances)
    let all = latencies.update { $0 }
    let gaps = standings.update { $0 }.values.flatMap { times in
        zip(times.dropFirst(), times).map { $0 - $1 }
    }
    let windowGaps = standings.update { $0 }.values.map { times in
        let inWindow = times.filter { $0 >= windowStart && $0 <= windowEnd }
        return zip(inWindow.dropFirst(), inWindow).map { $0 - $1 }.max() ?? .infinity
    }
    say("\(label): \(runnerCount) runners, \(seconds) s, " + (killedAt.map { String(format: "holder killed at %.1f s", $0 - windowStart) } ?? "no kill (the baseline)"))
    say("  reports delivered \(all.count) of \(runnerCount * seconds): p50 \(ms(percentile(all, 0.5))), p99 \(ms(percentile(all, 0.99))), max \(ms(all.max() ?? .nan))")
    say("  the board after: \(counted ?? "unreadable")")
    if let killedAt {
        for instance in instances {
            for line in instance.lines(mentioning: watch) {
                let time = line.split(separator: " ").first.flatMap { Double($0) }.map { String(format: "%+.2f s: ", $0 - killedAt) } ?? ""
                say("  \(instance.name) \(time)\(line.split(separator: " ").dropFirst().joined(separator: " "))")
            }
        }
    }
    say("  standings: gap between two p50 \(ms(percentile(gaps, 0.5))), p99 \(ms(percentile(gaps, 0.99))); each runner's longest gap median \(ms(percentile(windowGaps, 0.5))), worst \(ms(windowGaps.max() ?? .nan))")
    await client.close()
    await probe.close()
    instances.forEach { $0.kill() }
}

await BenchmarkOutput.run(program) {
    say("\(program): \(rounds) takeover rounds, \(runnerCount) runners for \(seconds) s")
    let single = try await NATSServerProcess.start(arguments: ["-js", "-sd", try ChildProcesses.temporaryDirectory("materun-bench-js")])
    try await takeovers(urls: [single.url], label: "one server")
    try await load(urls: [single.url], label: "one server", killing: false)
    try await load(urls: [single.url], label: "one server", killing: true)
    await single.stop()
    if !commandLine.flag("--skip-cluster") {
        let cluster = try await NATSServerCluster.start()
        try await takeovers(urls: cluster.urls, label: "cluster")
        try await load(urls: cluster.urls, label: "cluster", killing: false)
        try await load(urls: cluster.urls, label: "cluster", killing: true)
        await cluster.stop()
    }
}
ChildProcesses.endAll()
