import Foundation
import MateRunDomain
import Testing

/// `replay --gpsd-serve` against the real clients an app tester uses: gpspipe -w (gpsd-clients)
/// and Python's `gps` module (python3-gps, through scripts/gpsd-watch.py). Each must see the
/// run's positions, speeds and times: those the same replay sends as NMEA (`--nmea-serve`), read
/// by the test itself. Skipped with the reason when the tools are absent, unless CI's
/// `MATERUN_REQUIRE_GPSD=1` makes that a failure.
@Suite(.enabled(if: GPSDTools.runnable, GPSDTools.skipReason))
struct GPSDServeProcessTests {
    private let bound = Duration.seconds(240)

    /// A python3 that has the `gps` module (Debian's python3-gps installs it for /usr/bin/python3).
    static let pythonWithGPS: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { python in
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import gps"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    @Test func gpspipeAndPythonsGpsModuleSeeTheRunsPositionsSpeedsAndTimes() async throws {
        let gpspipe = try GPSDTools.require(GPSDTools.gpspipe, "gpspipe")
        let python = try #require(Self.pythonWithGPS, "python3-gps is not installed (apt-get install python3-gps)")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given a replay at 10x serving gpsd's protocol and NMEA (read by the test itself)
        let replay = try MateRunProcess(
            "replay",
            arguments: ["replay", scenario, "--speed", "10", "--json", "--no-save", "--nmea-serve", "127.0.0.1:0", "--gpsd-serve", "0"],
            executable: materun, data: data)
        defer { replay.kill() }
        let nmeaPort = try await servedNMEAPort(of: replay, before: .now + bound)
        let gpsdPort = try await servedGPSDPort(of: replay, before: .now + bound)
        let sent = try await NMEALineCollector(port: nmeaPort)
        // When gpspipe -w and a Python gps client watch it to its end
        let pipe = try MateRunProcess("gpspipe", arguments: ["-w", "127.0.0.1:\(gpsdPort)"], executable: gpspipe)
        defer { pipe.kill() }
        let watcher = try MateRunProcess(
            "python gps", arguments: [packageRoot + "/scripts/gpsd-watch.py", "127.0.0.1", "\(gpsdPort)"], executable: python)
        defer { watcher.kill() }
        #expect(try await replay.exitStatus(before: .now + bound) == 0, "\(replay.tail)")
        let written = try #require(try await sent.allFixes(before: .now + .seconds(30)), "the replay's NMEA server never closed")
        #expect(written.count > 200)
        #expect(try await watcher.exitStatus(before: .now + .seconds(30)) == 0, "\(watcher.tail)")
        // Then gpspipe saw VERSION, DEVICES and WATCH first, and each saw most of the fixes sent
        // since it joined, each one a fix materun sent: the same time, within 1 cm, the same speed
        let piped = pipe.lines.compactMap(jsonObject)
        #expect(piped.prefix(3).compactMap { $0["class"] as? String } == ["VERSION", "DEVICES", "WATCH"])
        #expect(piped.contains { $0["class"] as? String == "SKY" })
        let watched = watcher.lines.compactMap(jsonObject).compactMap(ReadFix.init(watched:))
        for (client, seen) in [("gpspipe", piped.compactMap(ReadFix.init(tpv:))), ("python gps", watched)] {
            let first = try #require(seen.map(\.unixTime).min(), "\(client) saw no fix")
            let sinceFirst = written.filter { $0.unixTime >= first - 0.001 }.count
            #expect(sinceFirst > 100, "\(client) joined late: it could see only \(sinceFirst) fixes")
            #expect(seen.count >= sinceFirst * 9 / 10, "\(client) saw \(seen.count) of the \(sinceFirst) fixes sent since it joined")
            var farthest = 0.0, speedOff = 0.0
            for fix in seen {
                // (NMEA writes hundredths of a second, gpsd's protocol milliseconds)
                let match = try #require(
                    written.first { abs($0.unixTime - fix.unixTime) < 0.006 }, "\(client) saw a fix at \(fix.unixTime) materun never sent")
                farthest = max(farthest, Geodesic.distance(from: match.coordinate, to: fix.coordinate))
                // (the first fix has no speed: there is no fix before it to measure from)
                if let expected = match.speed {
                    let speed = try #require(fix.speed, "\(client) saw a fix without a speed")
                    speedOff = max(speedOff, abs(speed - expected))
                } else {
                    #expect(fix.speed == nil)
                }
            }
            #expect(farthest < 0.01, "\(client): the farthest fix is \(farthest) m from what materun sent")
            #expect(speedOff < 0.01, "\(client): a speed is \(speedOff) m/s off what materun sent")
        }
    }
}

/// The port `--gpsd-serve` listens on, from the replay's standard error.
func servedGPSDPort(of replay: MateRunProcess, before deadline: ContinuousClock.Instant) async throws -> UInt16 {
    let prefix = "serving gpsd's JSON protocol on "
    _ = try await replay.wait(before: deadline) { $0.errorLines.contains { $0.contains(prefix) } }
    let line = try #require(replay.errorLines.first { $0.contains(prefix) }, "the replay never served gpsd's protocol:\n\(replay.tail)")
    return try #require(line.split(separator: ":").last.flatMap { UInt16($0) }, "no port in \(line)")
}

extension ReadFix {
    /// A line of scripts/gpsd-watch.py: what Python's gps module made of a TPV.
    init?(watched object: [String: Any]) {
        guard let time = object["time"] as? String, let latitude = object["lat"] as? Double,
              let longitude = object["lon"] as? Double,
              let tpv = ReadFix(tpv: ["class": "TPV", "mode": 3, "time": time, "lat": latitude, "lon": longitude])
        else { return nil }
        self = tpv
        speed = object["speed"] as? Double
    }
}
