import Foundation
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

/// A port no one listens on now, chosen by the kernel.
func freePort() throws -> UInt16 {
    let listener = try TCPListener(host: "127.0.0.1", port: 0)
    defer { listener.close() }
    return listener.port
}

/// A process that must listen on a port it is given (gpsd's `-S`, gpsfake's `-P`), started on a
/// free port and running once something accepts connections there. A port is free only when it
/// is chosen, so when the process exits before it listens (another test took the port meanwhile)
/// it is started again on another, up to three times.
func startListening(
    _ label: String, executable: String, before deadline: ContinuousClock.Instant,
    arguments: (UInt16) -> [String]
) async throws -> (process: MateRunProcess, port: UInt16) {
    var tail = ""
    for _ in 1...3 {
        let port = try freePort()
        let process = try MateRunProcess(label, arguments: arguments(port), executable: executable)
        while ContinuousClock.now < deadline, process.isRunning {
            if try await isListening(port) { return (process, port) }
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

/// Whether something accepts a connection on `port` now.
private func isListening(_ port: UInt16) async throws -> Bool {
    guard let connection = try? await TCPConnection.connect(
        to: TCPEndpoint(host: "127.0.0.1", port: port), timeout: .seconds(1),
        options: TCPConnectionOptions(idleTimeout: .seconds(5), maxFrameBytes: 1024)) else { return false }
    connection.close()
    return true
}

/// The short run the gpsd tests play: the Central Park loop of `easy-5k.json`, 1.2 km at 4:00/km
/// with 3 m of correlated noise and no goal, so that a replay and a track both run to its end.
enum GPSDTestScenario {
    static func write(to directory: String) throws -> String {
        let bundled = try String(contentsOfFile: packageRoot + "/Scenarios/easy-5k.json", encoding: .utf8)
        var lines = bundled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.contains("\"goal_km\"") }
        let text = lines.joined(separator: "\n")
            .replacingOccurrences(of: "\"name\": \"Easy 5K\"", with: "\"name\": \"gpsd test 1.2 km\"")
            .replacingOccurrences(
                of: #"{"activity": "running", "pace": "6:30", "distance_km": 5.05},"# + "\n"
                    + #"    {"activity": "walking", "pace": "11:00", "duration": "2:00"}"#,
                with: #"{"activity": "running", "pace": "4:00", "distance_km": 1.2}"#)
        let path = directory + "/gpsd-test.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// `materun track` (with `arguments`) started against the gpsd of `player`, a gpsfake, which is
/// held still until materun has connected. gpsfake plays its log whether or not gpsd has a
/// client, and gpsd reads nothing before one watches: a materun that a loaded machine starts
/// more than the log's first stretch without a fix late loses the first fixes (under a release
/// build beside the tests, the first 20 s of the run).
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
