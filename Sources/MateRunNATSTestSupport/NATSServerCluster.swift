import Foundation
import MateRunJSON
import MateRunNATS
import MateRunSocket
import MateRunTestSupport
import Synchronization

/// A real cluster of `nats-server`s with JetStream, started by a test on free ports of
/// 127.0.0.1 (chosen below the ephemeral range, so that they are still free when a killed node
/// comes back): each node `n1…` with a store directory of its own in a temporary folder, routes
/// to every other node, and a monitoring port. It exists so that failover and replicated
/// key-value stores are tested against the real thing: a node can be killed by its PID with
/// SIGKILL mid-test and restarted later on the same ports with the same store, as a crashed
/// machine comes back.
///
/// Every process is ended by its PID (`stop()`, or `deinit` for a test that failed first) and
/// the store folder is removed. Tests that need one are enabled by `NATSServerProcess.enabled`.
package final class NATSServerCluster: Sendable {
    /// One node's ports, fixed at the start so that a restarted node is found where it was.
    package struct Node: Sendable {
        package let name: String
        package let clientPort: UInt16
        package let routePort: UInt16
        package let monitorPort: UInt16

        package var url: NATSURL { NATSURL(endpoint: TCPEndpoint(host: "127.0.0.1", port: clientPort)) }
    }

    package let nodes: [Node]
    /// The folder holding every node's JetStream store (`n1/`, …), removed by `stop()`.
    package let storeFolder: URL
    private let processes: Mutex<[NATSServerProcess?]>

    private init(nodes: [Node], storeFolder: URL, processes: [NATSServerProcess]) {
        self.nodes = nodes
        self.storeFolder = storeFolder
        self.processes = Mutex(processes)
    }

    deinit {
        processes.withLock { $0.forEach { $0?.crash() } }
        try? FileManager.default.removeItem(at: storeFolder)
    }

    /// Every node's client URL, in order (what `--via a,b,c` would name).
    package var urls: [NATSURL] { nodes.map(\.url) }

    /// Starts `size` nodes and returns once each listens, has a route to every other, and sees
    /// the JetStream meta leader, bounded by `within` seconds.
    /// A node that found one of its ports taken (the ports are picked free, then handed to
    /// nats-server, and a test running beside may take one in between) starts the whole cluster
    /// again on new ports, up to three times.
    package static func start(size: Int = 3, within seconds: Double = 60) async throws -> NATSServerCluster {
        var attempt = 1
        while true {
            do {
                return try await startOnce(size: size, within: seconds)
            } catch where attempt < 3 && "\(error)".contains("address already in use") {
                attempt += 1
            }
        }
    }

    private static func startOnce(size: Int, within seconds: Double) async throws -> NATSServerCluster {
        guard NATSServerProcess.executable != nil else { throw NATSServerMissing() }
        let storeFolder = URL(fileURLWithPath: try ChildProcesses.temporaryDirectory("materun-cluster"))
        var nodes: [Node] = []
        var processes: [NATSServerProcess] = []
        do {
            let routePorts = try (0..<size).map { _ in try Self.freePort() }
            for index in 0..<size {
                let name = "n\(index + 1)"
                let monitorPort = try Self.freePort()
                let process = try await NATSServerProcess.start(
                    port: try Self.freePort(),
                    arguments: arguments(name: name, index: index, routePorts: routePorts, monitorPort: monitorPort, storeFolder: storeFolder))
                processes.append(process)
                nodes.append(Node(name: name, clientPort: process.port, routePort: routePorts[index], monitorPort: monitorPort))
            }
        } catch {
            processes.forEach { $0.crash() }
            try? FileManager.default.removeItem(at: storeFolder)
            throw error
        }
        let cluster = NATSServerCluster(nodes: nodes, storeFolder: storeFolder, processes: processes)
        do {
            try await cluster.waitUntilFormed(within: seconds)
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    private static func arguments(name: String, index: Int, routePorts: [UInt16], monitorPort: UInt16, storeFolder: URL) -> [String] {
        let routes = routePorts.enumerated().filter { $0.offset != index }.map { "nats://127.0.0.1:\($0.element)" }
        return [
            "-js", "-sd", storeFolder.appendingPathComponent(name).path, "--server_name", name,
            "--cluster_name", "materun-test", "--cluster", "nats://127.0.0.1:\(routePorts[index])",
            "--routes", routes.joined(separator: ","), "-m", String(monitorPort),
        ]
    }

    /// The PID of a running node, nil when it is down.
    package func pid(of node: Int) -> Int32? {
        processes.withLock { $0[node].flatMap { $0.process.isRunning ? $0.process.processIdentifier : nil } }
    }

    /// Kills node `node` (0-based) by its PID with SIGKILL; returns once it has exited.
    package func kill(node: Int) {
        let process = processes.withLock { processes -> NATSServerProcess? in
            defer { processes[node] = nil }
            return processes[node]
        }
        process?.crash()
    }

    /// Starts a killed node again on its ports with its store, and returns once the cluster has
    /// formed again (its routes are up, it sees the meta leader), bounded by `within` seconds.
    package func restart(node: Int, within seconds: Double = 60) async throws {
        guard processes.withLock({ $0[node] == nil }) else { return }
        let given = nodes[node]
        let process = try await NATSServerProcess.start(
            port: given.clientPort,
            arguments: Self.arguments(
                name: given.name, index: node, routePorts: nodes.map(\.routePort), monitorPort: given.monitorPort,
                storeFolder: storeFolder))
        processes.withLock { $0[node] = process }
        try await waitUntilFormed(within: seconds)
    }

    /// Ends every node by its PID (SIGTERM, then SIGKILL) and removes the stores.
    package func stop() async {
        let running = processes.withLock { processes -> [NATSServerProcess] in
            defer { processes = processes.map { _ in nil } }
            return processes.compactMap { $0 }
        }
        for process in running { await process.stop() }
        try? FileManager.default.removeItem(at: storeFolder)
    }

    /// Polls every running node's monitoring (`/routez`, `/jsz`) every 100 ms until each has a
    /// route to every other running node and names a JetStream meta leader.
    private func waitUntilFormed(within seconds: Double) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last = "no answer yet"
        while ContinuousClock.now < deadline {
            let running = processes.withLock { processes in processes.indices.filter { processes[$0] != nil } }
            if let dead = running.first(where: { pid(of: $0) == nil }) {
                let log = processes.withLock { $0[dead]?.log } ?? ""
                throw NATSClusterDidNotForm(detail: "\(nodes[dead].name) exited: \(log.suffix(1500))")
            }
            var formed = true
            for index in running {
                let routes = await Self.monitor(nodes[index].monitorPort, "/routez")?["num_routes"].integerValue
                let leader = await Self.monitor(nodes[index].monitorPort, "/jsz")?["meta_cluster"]["leader"].stringValue
                guard routes == running.count - 1, let leader, !leader.isEmpty else {
                    last = "\(nodes[index].name): \(routes.map(String.init) ?? "?") routes, meta leader \(leader ?? "none")"
                    formed = false
                    break
                }
            }
            if formed { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw NATSClusterDidNotForm(detail: last)
    }

    /// A free TCP port on 127.0.0.1 now, below the kernel's ephemeral range (32768 and up) so that
    /// no socket another test opens meanwhile takes it while a killed node is down.
    private static func freePort() throws -> UInt16 {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let port = UInt16.random(in: 20_000..<32_000, using: &generator)
            if let listener = try? TCPListener(host: "127.0.0.1", port: port) {
                listener.close()
                return port
            }
        }
        throw NATSClusterDidNotForm(detail: "no free port between 20000 and 32000")
    }

    /// The JSON a node's monitoring port serves at `path`, nil when it does not answer.
    private static func monitor(_ port: UInt16, _ path: String) async -> JSONField? {
        guard let client = try? LoopbackHTTPClient(port: port) else { return nil }
        client.send("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        let response = await client.read()
        guard let body = response.range(of: "\r\n\r\n").map({ response[$0.upperBound...] }),
            let json = try? JSONParser.parse(Array(body.utf8))
        else { return nil }
        return JSONField(json)
    }
}

/// The cluster's nodes did not all route to each other and agree on a meta leader in time.
package struct NATSClusterDidNotForm: Error, CustomStringConvertible {
    package var detail: String
    package var description: String { "the nats-server cluster did not form: \(detail)" }
}

