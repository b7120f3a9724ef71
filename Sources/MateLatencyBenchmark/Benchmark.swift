import Glibc
import MateRunMate
import MateRunTestSupport

/// Mate update latency on loopback, beside a raw socket floor measured in the same run.
///
///     swift run -c release MateLatencyBenchmark [--rounds 5] [--updates 10000] [--warmup 2000] [--stream 100000] [--codec-only]
///
/// Each round measures every tier in turn (floor first), so that load from other processes hits
/// them alike. Latencies are round trips (a progress frame there and back, both ends decoding),
/// compared with the floor's round trip; one-way is half of that.
@main
enum MateLatencyBenchmark {
    struct Plan {
        var rounds = 5
        var updates = 10_000
        var warmup = 2_000
        var stream = 100_000
        /// Measure only the codec (encode, decode) and stop.
        var codecOnly = false
    }

    static func main() async {
        let plan = parse(Array(CommandLine.arguments.dropFirst()))
        await BenchmarkOutput.run("MateLatencyBenchmark") {
            try await Task.detached { try await run(plan) }.value
        }
    }

    static func parse(_ arguments: [String]) -> Plan {
        let commandLine = BenchmarkCommandLine(
            program: "MateLatencyBenchmark",
            summary: "Mate update latency on loopback, beside a raw socket floor measured in the same run (BENCHMARKS.md (c)).",
            options: [
                .init("--rounds", value: "N", help: "rounds of every tier (5)"),
                .init("--updates", value: "N", help: "round trips a tier a round (10000)"),
                .init("--warmup", value: "N", help: "round trips before each tier's measured ones (2000)"),
                .init("--stream", value: "N", help: "updates streamed one way for the throughput row (100000)"),
                .init("--codec-only", help: "measure only the codec (encode, decode) and stop"),
            ],
            arguments: arguments)
        var plan = Plan()
        plan.rounds = commandLine.integer("--rounds", default: plan.rounds, in: 1...1_000)
        plan.updates = commandLine.integer("--updates", default: plan.updates, in: 1...10_000_000)
        plan.warmup = commandLine.integer("--warmup", default: plan.warmup, in: 1...10_000_000)
        plan.stream = commandLine.integer("--stream", default: plan.stream, in: 1...100_000_000)
        plan.codecOnly = commandLine.flag("--codec-only")
        return plan
    }

    static let tiers = ["floor", "connection", "channel", "link"]
    static let tierNotes = [
        "floor": "blocking send/recv, 2 dedicated threads",
        "connection": "TCPConnection bytes (socket poller + stream), no codec",
        "channel": "SocketMateChannel: encode + send, decode, echo",
        "link": "paired TCPMateLink (actor sends and reads) both ways",
    ]

    static func run(_ plan: Plan) async throws {
        let frame = Sample.frame(1_000_000)
        Output.line("materun mate update latency, loopback 127.0.0.1")
        Output.line("cpus online: \(sysconf(Int32(_SC_NPROCESSORS_ONLN)))   load before: \(firstLine(of: "/proc/loadavg"))")
        Output.line("progress frame: \(frame.count) bytes incl. newline   rounds: \(plan.rounds) × \(plan.updates) round trips after \(plan.warmup) warm-up; stream: \(plan.stream) updates")
        Output.line()

        let costs = try CodecCost.measure(count: 200_000)
        Output.line("codec, ns per progress frame: encode \(fixed(costs.encode, 0))   decode \(fixed(costs.decode, 0))"
            + "   (per round trip, 2 of each: \(fixed(2 * (costs.encode + costs.decode) / 1000, 1)) µs)")
        if plan.codecOnly { return }
        _ = await Wakeups.threadToThread(count: plan.warmup)
        _ = await Wakeups.threadToTask(count: plan.warmup)
        let threads = Summary(await Wakeups.threadToThread(count: plan.updates))
        let tasks = Summary(await Wakeups.threadToTask(count: plan.updates))
        Output.line("wake-up round trip, µs median/p99: thread↔thread \(fixed(threads.median / 1000))/\(fixed(threads.p99 / 1000))"
            + "   thread↔task (AsyncStream) \(fixed(tasks.median / 1000))/\(fixed(tasks.p99 / 1000))")
        Output.line()

        let raw = RawSocketPair()
        let connection = try await ConnectionRoundTrip(frame: frame)
        let channel = try await ChannelRoundTrip()
        let link = try await LinkRoundTrip()
        var seq = 0
        func measure(_ tier: String, count: Int) async throws -> [UInt64] {
            if tier == "floor" {
                return await onDedicatedThread { raw.pingPong(frame, count: count) }
            }
            var samples = [UInt64](repeating: 0, count: count)
            for index in 0..<count {
                seq += 1
                let start = monotonicNanoseconds()
                switch tier {
                case "connection": try await connection.roundTrip(seq: seq)
                case "channel": try await channel.roundTrip(seq: seq)
                default: try await link.roundTrip(seq: seq)
                }
                samples[index] = monotonicNanoseconds() - start
            }
            return samples
        }

        for tier in tiers {
            _ = try await measure(tier, count: plan.warmup)
        }
        var summaries: [String: [Summary]] = [:]
        Output.line("round trip, µs")
        Output.line("round  " + pad("tier", 12, right: false) + pad("median", 9) + pad("p99", 9) + pad("max", 9))
        for round in 1...plan.rounds {
            for tier in tiers {
                let summary = Summary(try await measure(tier, count: plan.updates))
                summaries[tier, default: []].append(summary)
                Output.line(pad(String(round), 5, right: false) + "  " + pad(tier, 12, right: false)
                    + pad(fixed(summary.median / 1000), 9) + pad(fixed(summary.p99 / 1000), 9) + pad(fixed(summary.max / 1000), 9))
            }
        }
        connection.close()
        channel.close()
        await link.close()

        Output.line()
        Output.line("median of \(plan.rounds) rounds, round trip µs (one way ≈ half)")
        Output.line(pad("tier", 12, right: false) + pad("median", 9) + pad("p99", 9) + pad("med/floor", 11) + pad("p99/floor p99", 15) + "  what")
        let floorMedian = median(summaries["floor", default: []].map(\.median))
        let floorP99 = median(summaries["floor", default: []].map(\.p99))
        for tier in tiers {
            let medianRTT = median(summaries[tier, default: []].map(\.median))
            let p99RTT = median(summaries[tier, default: []].map(\.p99))
            Output.line(pad(tier, 12, right: false) + pad(fixed(medianRTT / 1000), 9) + pad(fixed(p99RTT / 1000), 9)
                + pad(fixed(medianRTT / floorMedian, 2) + "×", 11) + pad(fixed(p99RTT / floorP99, 2) + "×", 15)
                + "  " + tierNotes[tier, default: ""])
        }
        Output.line()

        Output.line("throughput, one way over one connection, updates per second (\(plan.stream) per round, fresh connection each)")
        Output.line(pad("tier", 12, right: false) + (1...plan.rounds).map { pad("r\($0)", 11) }.joined() + pad("median", 11))
        for tier in tiers {
            guard tier != "link" else {
                // A paired link takes at most the paired rate limit: a faster peer is closed as a flood.
                Output.line(pad(tier, 12, right: false) + "  at most \(MateProtocol.pairedRateLimit.framesPerSecond) a second, the paired rate limit (a faster peer is closed for flooding)")
                continue
            }
            _ = try await stream(tier, frame: frame, count: min(plan.stream, 10_000))
            var rates: [Double] = []
            for _ in 1...plan.rounds {
                let nanoseconds = try await stream(tier, frame: frame, count: plan.stream)
                rates.append(Double(plan.stream) / (Double(nanoseconds) / 1e9))
            }
            Output.line(pad(tier, 12, right: false) + rates.map { pad(fixed($0, 0), 11) }.joined() + pad(fixed(median(rates), 0), 11))
        }
        Output.line()
        Output.line("load after: \(firstLine(of: "/proc/loadavg"))")
    }

    static func stream(_ tier: String, frame: [UInt8], count: Int) async throws -> UInt64 {
        switch tier {
        case "floor": await Throughput.raw(frame: frame, count: count)
        case "connection": try await Throughput.connection(frame: frame, count: count)
        default: try await Throughput.channel(count: count)
        }
    }
}
