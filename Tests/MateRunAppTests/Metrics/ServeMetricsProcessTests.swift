import Foundation
import MateRunNATSTestSupport
import MateRunTestSupport
import Testing

/// `materun serve --metrics` as an operator meets it: probed while its NATS server stops and
/// comes back, its live scrape checked by `promtool`, and scraped by a real Prometheus during a
/// group race, whose HTTP API then reads the reports judged.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct ServeMetricsProcessTests {
    /// A JetStream server with a store of its own, and a serve instance on it with its metrics
    /// on a free port and its log as JSON; returned once the instance says it serves.
    private func startServe(deadline: ContinuousClock.Instant) async throws -> (NATSServerProcess, MateRunProcess, UInt16, TemporaryDataDirectory) {
        let executable = try requireMateRunExecutable()
        let store = TemporaryDataDirectory()
        let server = try await NATSServerProcess.start(arguments: ["-js", "-sd", store.path + "/js"])
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        try String(repeating: "7a", count: 32).write(toFile: store.path + "/secret", atomically: true, encoding: .utf8)
        let serve = try MateRunProcess(
            "serve", arguments: [
                "serve", "--via", server.url.description, "--secret-file", store.path + "/secret", "--name", "m1",
                "--metrics", "127.0.0.1:0", "--log-format", "json",
            ], executable: executable)
        let serving = try await serve.wait(before: deadline) { $0.errorLines.contains { $0.contains(#""event":"serving""#) } }
        try #require(serving, "serve never served: \(serve.tail)")
        let metricsLine = try #require(serve.errorLines.compactMap(jsonObject).first { $0["event"] as? String == "metrics" })
        let url = try #require((metricsLine["fields"] as? [String: Any])?["url"] as? String)
        let port = try #require(UInt16(url.split(separator: ":").last ?? ""))
        return (server, serve, port, store)
    }

    /// The status line's code and the body of `GET path`.
    private func get(_ path: String, port: UInt16) async throws -> (status: Int, body: String) {
        let client = try LoopbackHTTPClient(port: port)
        client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = await client.read()
        let status = Int(response.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    /// Asks `path` until its status is `status`, until `deadline`; the last answer.
    private func poll(_ path: String, port: UInt16, until status: Int, before deadline: ContinuousClock.Instant) async throws -> (status: Int, body: String) {
        var last = (status: 0, body: "")
        while ContinuousClock.now < deadline {
            last = try await get(path, port: port)
            if last.status == status { return last }
            try await Task.sleep(for: .milliseconds(200))
        }
        return last
    }

    @Test func readyzSays503WhileNATSIsDownAnd200OnceItIsBack() async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        // Given a serving instance
        var (server, serve, port, store) = try await startServe(deadline: deadline)
        #expect(try await get("/healthz", port: port).status == 200)
        let ready = try await poll("/readyz", port: port, until: 200, before: deadline)
        #expect(ready.status == 200 && ready.body.hasPrefix("ready"), "readyz: \(ready)")
        // When its NATS server stops
        await server.stop()
        // Then it is not ready, with the reason, while the process still answers
        let down = try await poll("/readyz", port: port, until: 503, before: deadline)
        #expect(down.status == 503 && down.body.hasPrefix("not connected to NATS"), "readyz: \(down)")
        #expect(try await get("/healthz", port: port).status == 200)
        // When the server is back (same port, same store)
        server = try await server.restarted()
        // Then it is ready again, and the reconnect is counted
        let back = try await poll("/readyz", port: port, until: 200, before: deadline)
        #expect(back.status == 200, "readyz: \(back)")
        #expect(try await get("/metrics", port: port).body.contains("materun_nats_reconnects_total 1\n"))
        // And its log said both, as JSON lines
        let events = serve.errorLines.compactMap(jsonObject).compactMap { $0["event"] as? String }
        #expect(events.contains("nats_lost") && events.contains("nats_reconnected"), "events: \(events)")
        serve.interrupt()
        #expect(try await serve.exitStatus(before: deadline) == 0)
        await server.stop()
        withExtendedLifetime(store) {}
    }

    @Test(.enabled(if: ExternalTool.runnable("promtool"), ExternalTool.skipReason("promtool", package: "prometheus")))
    func aLiveScrapePassesPromtool() async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        // Given a serving instance
        let (server, serve, port, store) = try await startServe(deadline: deadline)
        // When its /metrics is read
        let metrics = try await get("/metrics", port: port)
        // Then it is the text format, and promtool finds no problem in it
        #expect(metrics.status == 200 && metrics.body.contains("# TYPE materun_group_reports_judged_total counter"))
        let check = try await ExternalTool.run("promtool", ["check", "metrics"], input: metrics.body)
        #expect(check.status == 0 && check.output.isEmpty && check.errors.isEmpty, "promtool: \(check.output)\(check.errors)")
        serve.interrupt()
        #expect(try await serve.exitStatus(before: deadline) == 0)
        await server.stop()
        withExtendedLifetime(store) {}
    }

    @Test(.enabled(if: ExternalTool.runnable("prometheus"), ExternalTool.skipReason("prometheus", package: "prometheus")))
    func prometheusScrapesAGroupRaceAndReadsTheReportsJudged() async throws {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + .seconds(180)
        // Given a serving instance, and a real Prometheus scraping it every second
        let (server, serve, port, store) = try await startServe(deadline: deadline)
        let prometheusPort = try freePort()
        let config = store.path + "/prometheus.yml"
        try """
        global: { scrape_interval: 1s, evaluation_interval: 1s }
        scrape_configs:
          - job_name: materun
            static_configs: [ { targets: ["127.0.0.1:\(port)"] } ]
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let prometheus = try MateRunProcess(
            "prometheus", arguments: [
                "--config.file=\(config)", "--storage.tsdb.path=\(store.path)/tsdb", "--web.listen-address=127.0.0.1:\(prometheusPort)",
            ], executable: try #require(ExternalTool.find("prometheus")))
        defer { prometheus.kill() }
        // When a race of two runners is run through the service
        let creator = try MateRunProcess(
            "creator", arguments: [
                "group", "create", "Scenarios/race-fast-5k.json", "--via", server.url.description, "--mode", "race", "--goal", "1",
                "--speed", "30", "--start-when", "2", "--coordinator", "service", "--name", "A", "--json", "--no-save",
            ], executable: executable)
        let listening = try #require(try await creator.firstEvent("listening", before: deadline), "no listening line: \(creator.tail)")
        let code = try #require(listening["code"] as? String)
        let joiner = try MateRunProcess(
            "joiner", arguments: [
                "group", "join", "Scenarios/race-steady-5k.json", "--via", server.url.description, "--code", code, "--name", "B", "--json",
                "--no-save",
            ], executable: executable)
        #expect(try await creator.exitStatus(before: deadline) == 0)
        #expect(try await joiner.exitStatus(before: deadline) == 0)
        // Then Prometheus's API reads the reports the instance judged
        var judged = 0.0
        while ContinuousClock.now < deadline, judged == 0 {
            let answer = try await get("/api/v1/query?query=materun_group_reports_judged_total", port: prometheusPort)
            if let body = answer.body.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let results = (json["data"] as? [String: Any])?["result"] as? [[String: Any]],
                let value = (results.first?["value"] as? [Any])?.last as? String {
                judged = Double(value) ?? 0
            }
            if judged == 0 { try await Task.sleep(for: .milliseconds(500)) }
        }
        // (a 1 km race at 30x: each runner reports about once a second of run time, ~10 s)
        #expect(judged >= 10, "reports judged as Prometheus read them: \(judged)")
        prometheus.send(signal: SIGTERM)
        _ = try await prometheus.exitStatus(before: deadline)
        serve.interrupt()
        #expect(try await serve.exitStatus(before: deadline) == 0)
        await server.stop()
        withExtendedLifetime(store) {}
    }
}
