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

/// Waits until something accepts connections on `port`, trying every 100 ms until `deadline`.
func waitUntilListening(_ port: UInt16, before deadline: ContinuousClock.Instant) async throws -> Bool {
    while ContinuousClock.now < deadline {
        if let connection = try? await TCPConnection.connect(
            to: TCPEndpoint(host: "127.0.0.1", port: port), timeout: .seconds(1),
            options: TCPConnectionOptions(idleTimeout: .seconds(5), maxFrameBytes: 1024)) {
            connection.close()
            return true
        }
        try await Task.sleep(for: .milliseconds(100))
    }
    return false
}

/// The short run the gpsd tests play: the Central Park loop of `easy-5k.json`, 1.2 km at 5:00/km
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
                with: #"{"activity": "running", "pace": "5:00", "distance_km": 1.2}"#)
        let path = directory + "/gpsd-test.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
