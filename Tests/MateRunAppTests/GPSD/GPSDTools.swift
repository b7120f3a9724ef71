import Foundation
import Synchronization
import MateRunSocket
import Testing

/// gpsd and its clients (Debian `gpsd`, `gpsd-clients`), when installed. The tests that need
/// them are skipped with the reason when they are absent, unless `MATERUN_REQUIRE_GPSD=1` (CI),
/// which makes their absence a failure.
enum GPSDTools {
    static let gpsd = find("gpsd")
    static let gpsfake = find("gpsfake")
    static let gpspipe = find("gpspipe")
    static let gpsdctl = find("gpsdctl")

    /// Whether the tests run: the tools are there, or they are required (and then fail without them).
    static var runnable: Bool { missing.isEmpty || required }

    static var required: Bool { ProcessInfo.processInfo.environment["MATERUN_REQUIRE_GPSD"] == "1" }

    static var missing: [String] {
        [("gpsd", gpsd), ("gpsfake", gpsfake), ("gpspipe", gpspipe), ("gpsdctl", gpsdctl)].compactMap { $0.1 == nil ? $0.0 : nil }
    }

    static let skipReason: Comment = "gpsd and gpsd-clients are not installed (apt-get install gpsd gpsd-clients); set MATERUN_REQUIRE_GPSD=1 to fail instead"

    /// The path of `tool`, or a failure naming what is missing.
    static func require(_ tool: String?, _ name: String) throws -> String {
        try #require(tool, "\(name) is not installed (apt-get install gpsd gpsd-clients)")
    }

    /// The first executable `name` in `PATH` or the sbin directories (gpsd lives in /usr/sbin).
    private static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A port no one listens on now, below the kernel's ephemeral range (32768 and up) and the NATS
/// test clusters' (20000 to 32000): a port the kernel picked was at times taken by another test's
/// socket before gpsd bound it, in the full suite's crowd of connections, and the track then met
/// another test's server and kept no fix.
func freePort() throws -> UInt16 {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
        let port = UInt16.random(in: 12_000..<20_000, using: &generator)
        if let listener = try? TCPListener(host: "127.0.0.1", port: port) {
            listener.close()
            return port
        }
    }
    let listener = try TCPListener(host: "127.0.0.1", port: 0)
    defer { listener.close() }
    return listener.port
}

/// A process that must listen on a port it is given (gpsd's `-S`, gpsfake's `-P`), started on a
/// free port and running once something accepts connections there. A port is free only when it
/// is chosen, so when the process exits before it listens (another test took the port meanwhile)
/// it is started again on another, up to three times.
///
/// `stoppedOnceListening`: the process is stopped (`SIGSTOP`) the moment it listens, by a thread
/// of its own (gpsfake plays its log from then on, and a test task may wait seconds for a thread
/// of the pool while the whole suite starts); `track(holding:)` lets it go on.
func startListening(
    _ label: String, executable: String, before deadline: ContinuousClock.Instant, stoppedOnceListening: Bool = false,
    arguments: (UInt16) -> [String]
) async throws -> (process: MateRunProcess, port: UInt16) {
    var tail = ""
    for _ in 1...3 {
        let port = try freePort()
        let process = try MateRunProcess(label, arguments: arguments(port), executable: executable)
        let stopper = stoppedOnceListening ? ListeningStopper(pid: process.pid, port: port) : nil
        defer { stopper?.end() }
        while ContinuousClock.now < deadline, process.isRunning {
            if let stopper {
                if stopper.hasStopped { return (process, port) }
            } else if try await isListening(port) {
                return (process, port)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        tail = process.tail
        process.kill()
        guard ContinuousClock.now < deadline else { break }
    }
    throw ListeningFailure(label: label, tail: tail)
}

/// Why `startListening` gave up: the process's last words.
struct ListeningFailure: Error, CustomStringConvertible {
    let label: String
    let tail: String
    var description: String { "\(label) never listened on a free port; its last output:\n\(tail)" }
}

/// The port a replay serves NMEA on, read from the line it writes on standard error
/// (`serving NMEA 0183 on 127.0.0.1:PORT`) once it has one, waiting for it until `deadline`.
func servedNMEAPort(of replay: MateRunProcess, before deadline: ContinuousClock.Instant) async throws -> UInt16 {
    let prefix = "serving NMEA 0183 on "
    _ = try await replay.wait(before: deadline) { $0.errorLines.contains { $0.contains(prefix) } }
    let line = try #require(replay.errorLines.first { $0.contains(prefix) }, "the replay never served NMEA:\n\(replay.tail)")
    return try #require(line.split(separator: ":").last.flatMap { UInt16($0) }, "no port in \(line)")
}

/// Stops process `pid` with `SIGSTOP` as soon as something accepts connections on `port`,
/// checking every 5 ms on a thread of its own until then or until `end()`.
final class ListeningStopper: Sendable {
    private let stopped = Atomic(false)
    private let ended = Atomic(false)

    init(pid: Int32, port: UInt16) {
        let thread = Thread { [self] in
            while !ended.load(ordering: .relaxed), Glibc.kill(pid, 0) == 0 {
                if acceptsConnections(port) {
                    Glibc.kill(pid, SIGSTOP)
                    stopped.store(true, ordering: .releasing)
                    return
                }
                usleep(5_000)
            }
        }
        thread.start()
    }

    var hasStopped: Bool { stopped.load(ordering: .acquiring) }

    func end() { ended.store(true, ordering: .relaxed) }
}

/// Whether a connection to 127.0.0.1:`port` is accepted now (a blocking connect, which on the
/// loopback is answered at once).
private func acceptsConnections(_ port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}

/// Whether something accepts a connection on `port` now.
private func isListening(_ port: UInt16) async throws -> Bool {
    guard let connection = try? await TCPConnection.connect(
        to: TCPEndpoint(host: "127.0.0.1", port: port), timeout: .seconds(1),
        options: TCPConnectionOptions(idleTimeout: .seconds(5), maxFrameBytes: 1024)) else { return false }
    connection.close()
    return true
}

/// The short runs the gpsd tests play: the Central Park loop of `easy-5k.json` with 3 m of
/// correlated noise and no goal, so that a replay and a track both run to its end.
enum GPSDTestScenario {
    /// 1.2 km at 4:00/km.
    static let brisk = (name: "gpsd test 1.2 km", segments: #"{"activity": "running", "pace": "4:00", "distance_km": 1.2}"#)
    /// 450 m at easy-5k's 6:30/km (2.56 m/s): with the noise, the speed between two fixes is as
    /// often under the walking speed (2.2 m/s) as a phone's is for a runner that slow.
    static let nearWalkingPace = (
        name: "gpsd test 450 m", segments: #"{"activity": "running", "pace": "6:30", "distance_km": 0.45}"#)

    static func write(
        to directory: String, _ run: (name: String, segments: String) = brisk
    ) throws -> String {
        let bundled = try String(contentsOfFile: packageRoot + "/Scenarios/easy-5k.json", encoding: .utf8)
        var lines = bundled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.contains("\"goal_km\"") }
        let text = lines.joined(separator: "\n")
            .replacingOccurrences(of: "\"name\": \"Easy 5K\"", with: "\"name\": \"\(run.name)\"")
            .replacingOccurrences(
                of: #"{"activity": "running", "pace": "6:30", "distance_km": 5.05},"# + "\n"
                    + #"    {"activity": "walking", "pace": "11:00", "duration": "2:00"}"#,
                with: run.segments)
        let path = directory + "/gpsd-test.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// `materun track` (with `arguments`) started against the gpsd of `player`, a gpsfake, which is
/// held still until materun has connected (stopped as its gpsd began to listen, when started
/// `stoppedOnceListening`). gpsfake plays its log whether or not gpsd has a client, and gpsd
/// reads nothing before one watches: a materun that a loaded machine starts more than the log's
/// first stretch without a fix late loses the first fixes (under a release build beside the
/// tests, the first 20 s of the run; stopped only once the test's task saw gpsd listen, 12 fixes
/// after a 10 s stretch).
func track(
    holding player: MateRunProcess, arguments: [String], executable: String, data: TemporaryDataDirectory,
    before deadline: ContinuousClock.Instant
) async throws -> MateRunProcess {
    player.send(signal: SIGSTOP)
    defer { player.send(signal: SIGCONT) }
    let track = try MateRunProcess("track", arguments: arguments, executable: executable, data: data)
    let connected = try await track.wait(before: deadline) { $0.errorLines.contains { $0.contains("connected to gpsd") } }
    #expect(connected, "materun never connected to gpsfake's gpsd: \(track.tail)")
    return track
}

/// The run time of the first fix of the one run kept in `data`, from its journal: a live run's
/// time counts from its start, so the wait for the first fix is in it.
func firstKeptFixTime(in data: TemporaryDataDirectory) -> Double? {
    let runs = data.path + "/runs"
    guard let run = try? FileManager.default.contentsOfDirectory(atPath: runs).first,
          let journal = try? String(contentsOfFile: runs + "/" + run + "/track.jsonl", encoding: .utf8)
    else { return nil }
    return journal.split(separator: "\n").lazy.compactMap { jsonObject(String($0)) }
        .first { $0["type"] as? String == "fix" }?["t"] as? Double
}
